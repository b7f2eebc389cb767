import { useNotify, useTranslate } from 'react-admin';

type Action = 'fetch_error' | 'created' | 'create_error' | 'updated' | 'update_error' | 'deleted' | 'delete_error';

/** Statuses whose own message says more than the generic toast: a record in use, a business rule. */
const SERVER_WORDED = new Set([409, 418]);

/** The questions bank's toasts (SPEC section 8): "Question created successfully", "Error creating question"... */
export function useQuestionNotify() {
  const notify = useNotify();
  const translate = useTranslate();
  const say = (action: Action) => {
    const message = translate(`question_editor.notifications.${action}`);
    notify(message, { type: action.endsWith('error') ? 'error' : 'success', messageArgs: { _: message } });
  };
  const fail = (action: Action) => (error?: unknown) => {
    const { status, message } = (error ?? {}) as { status?: number; message?: string };
    if (status !== undefined && SERVER_WORDED.has(status) && message)
      notify(message, { type: 'error', messageArgs: { _: message } });
    else say(action);
  };
  return {
    fetchError: fail('fetch_error'),
    created: () => say('created'),
    createError: fail('create_error'),
    updated: () => say('updated'),
    updateError: fail('update_error'),
    deleted: () => say('deleted'),
    deleteError: fail('delete_error'),
  };
}
