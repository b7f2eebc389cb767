import { useNavigate } from 'react-router-dom';
import { examsApi } from '../api/examsApi';
import { useRulePopup } from '../common/RulePopup';
import { statusOf, useExamNotify } from '../common/useExamNotify';
import { examPayload, isNewExam, type ExamFormValues } from './examValues';

/**
 * Saving the exam form (SPEC section 4): create when the id is empty or 0, update otherwise,
 * then back to /exams. A published exam's refusal (418) opens the popup; field errors from the
 * server (422) go back to the form, under their inputs.
 */
export function useSaveExam() {
  const notify = useExamNotify();
  const showRefusal = useRulePopup();
  const navigate = useNavigate();

  return async (values: ExamFormValues): Promise<Record<string, string> | undefined> => {
    const isNew = isNewExam(values);
    const id = Number(values.id);
    try {
      if (isNew) await examsApi.create(examPayload(values));
      else await examsApi.update(id, examPayload(values));
      notify.say(isNew ? 'created' : 'updated');
      navigate('/exams');
      return undefined;
    } catch (error) {
      if (!isNew && showRefusal(error, 'edit', id)) return undefined;
      await notify.fail(isNew ? 'create_error' : 'update_error', error);
      const fieldErrors = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
      return statusOf(error) === 422 ? fieldErrors : undefined;
    }
  };
}
