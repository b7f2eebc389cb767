import { Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, SaveButton, Toolbar } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { QuestionFormValues, QuestionRecord } from '../types';
import { QuestionFormFields } from './QuestionFormFields';
import { useQuestionForm } from './useQuestionForm';

interface QuestionFormProps {
  platformId: number | null;
  record?: QuestionRecord | null;
  /** Sends the body; throws the API's error on failure. */
  save: (payload: Record<string, unknown>) => Promise<unknown>;
  onSaved: () => void;
  onFailed: (error: unknown) => void;
  /** Toolbar buttons after Save (delete on the edit page). */
  actions?: ReactNode;
}

/**
 * The bank's question form: `QuestionFormFields` in a react-admin form validated by the shared
 * schema; a refused save puts the server's messages under their inputs and on top.
 */
export function QuestionForm({ platformId, record, save, onSaved, onFailed, actions }: QuestionFormProps) {
  const form = useQuestionForm({ platformId, record });
  const submit = async (values: FieldValues) => {
    try {
      await save(form.toPayload(values));
      onSaved();
      return undefined;
    } catch (error) {
      onFailed(error);
      return form.serverErrors(error);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 1 }}>
      <Form<QuestionFormValues> {...form.formProps} onSubmit={submit} noValidate>
        <QuestionFormFields platformId={platformId} />
        <Toolbar sx={{ gap: 2, bgcolor: 'transparent', px: '0 !important' }}>
          <SaveButton alwaysEnable />
          {actions}
        </Toolbar>
      </Form>
    </Paper>
  );
}
