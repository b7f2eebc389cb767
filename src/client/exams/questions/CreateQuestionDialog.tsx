import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { Form, SaveButton, Toolbar, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { QuestionFormFields, useQuestionForm, type QuestionFormValues } from '../../questions';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { useRulePopup } from '../common/RulePopup';
import type { Exam } from '../types';

/**
 * "Create question" inside the exam: the questions bank's own inputs and validation, saved into
 * the exam only (the bank does not get a copy). A dialog, outside the exam's form, so the two
 * forms never nest.
 */
export function CreateQuestionDialog({
  exam,
  onClose,
  onCreated,
}: {
  exam: Exam;
  onClose: () => void;
  onCreated: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotifyResult('exams.notifications');
  const dataProvider = useAppDataProvider();
  const showRefusal = useRulePopup();
  const form = useQuestionForm({ platformId: exam.platform_id, record: null });

  const submit = async (values: FieldValues) => {
    try {
      await dataProvider.createExamQuestion(exam.id, form.toPayload(values));
      notify.say('question_created');
      onCreated();
      onClose();
      return undefined;
    } catch (error) {
      if (!showRefusal(error, 'edit', exam.id)) await notify.fail('question_create_error', error);
      return form.serverErrors(error);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="create-question-title">
      <DialogTitle id="create-question-title" sx={{ display: 'flex', alignItems: 'center' }}>
        <span style={{ flexGrow: 1 }}>{translate('exams.questions.create_title')}</span>
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Form<QuestionFormValues> {...form.formProps} onSubmit={submit} noValidate>
          <QuestionFormFields platformId={exam.platform_id} />
          <Toolbar sx={{ bgcolor: 'transparent', px: '0 !important' }}>
            <SaveButton alwaysEnable />
          </Toolbar>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
