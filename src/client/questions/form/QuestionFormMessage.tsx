import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { questionFormMessage } from '../../../common/questions';
import { flattenErrors } from './formErrors';

/**
 * The one message above the form (SPEC section 5): the server's 422 message after a refused
 * save, else "You need to add / complete question information before saving." when the answer
 * is incomplete, else the first field's message.
 */
export function QuestionFormMessage() {
  const translate = useTranslate();
  const { errors } = useFormState();
  const server = (errors.root as { server?: { message?: string } } | undefined)?.server?.message;
  const message = server ?? questionFormMessage(flattenErrors(errors));
  if (!message) return null;
  return (
    <Alert severity="error" data-testid="question-form-message" sx={{ mb: 2 }}>
      {translate(message, { _: message })}
    </Alert>
  );
}
