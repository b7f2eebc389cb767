import { useNavigate } from 'react-router-dom';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { statusOf } from '../../providers/errors';
import { useRulePopup } from '../common/RulePopup';
import { examPayload, isNewExam, type ExamFormValues } from './examValues';

/**
 * Saving the exam form (SPEC section 4): create when the id is empty or 0, update otherwise,
 * then back to /exams. A published exam's refusal (418) opens the popup; field errors from the
 * server (422) go back to the form, under their inputs.
 */
export function useSaveExam() {
  const notify = useNotifyResult('exams.notifications');
  const dataProvider = useAppDataProvider();
  const showRefusal = useRulePopup();
  const navigate = useNavigate();

  return async (values: ExamFormValues): Promise<Record<string, string> | undefined> => {
    const isNew = isNewExam(values);
    const id = Number(values.id);
    try {
      const data = examPayload(values);
      if (isNew) await dataProvider.create('exams', { data });
      else await dataProvider.update('exams', { id, data, previousData: { id } });
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
