import { useNotifyResult } from '../components/useNotifyResult';

type Action = 'fetch_error' | 'created' | 'create_error' | 'updated' | 'update_error' | 'deleted' | 'delete_error';

/**
 * The questions bank's toasts (SPEC section 8): "Question created successfully", "Error creating
 * question"... named for the places that call them, over the console's one notify helper.
 */
export function useQuestionNotify() {
  const { say, fail } = useNotifyResult('question_editor.notifications');
  const failed = (action: Action) => (error?: unknown) => void fail(action, error);
  return {
    fetchError: failed('fetch_error'),
    created: () => say('created'),
    createError: failed('create_error'),
    updated: () => say('updated'),
    updateError: failed('update_error'),
    deleted: () => say('deleted'),
    deleteError: failed('delete_error'),
  };
}
