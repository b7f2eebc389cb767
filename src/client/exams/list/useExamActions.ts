import { useRefresh } from 'react-admin';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { useRulePopup } from '../common/RulePopup';
import type { Exam } from '../types';

/**
 * One exam's lifecycle actions with their toasts (SPEC section 8). Publish and unpublish
 * refusals (418) open the popup; other failures are toasts. Each refreshes the list.
 */
export function useExamActions() {
  const notify = useNotifyResult('exams.notifications');
  const dataProvider = useAppDataProvider();
  const showRefusal = useRulePopup();
  const refresh = useRefresh();

  return {
    publish: async (exam: Exam) => {
      try {
        await dataProvider.publishExam(exam.id);
        notify.say('published');
        refresh();
      } catch (error) {
        if (!showRefusal(error, 'publish', exam.id)) await notify.fail('publish_error', error);
      }
    },
    unpublish: async (exam: Exam) => {
      try {
        await dataProvider.unpublishExam(exam.id);
        notify.say('unpublished');
        refresh();
      } catch (error) {
        if (!showRefusal(error, 'unpublish', exam.id)) await notify.fail('unpublish_error', error);
      }
    },
    duplicate: async (exam: Exam) => {
      try {
        await dataProvider.duplicateExam(exam.id);
        notify.say('duplicated');
        refresh();
      } catch (error) {
        await notify.fail('duplicate_error', error);
      }
    },
    remove: async (exam: Exam) => {
      try {
        await dataProvider.delete('exams', { id: exam.id, previousData: exam });
        notify.say('deleted');
        refresh();
      } catch (error) {
        // Deleting has no popup: a started exam's refusal (418) is told in the toast.
        await notify.fail('delete_error', error);
      }
    },
  };
}
