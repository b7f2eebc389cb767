import { useCallback } from 'react';
import { useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import { serverMessageOf, statusOf } from '../providers/errors';

export type NotifyType = 'success' | 'error' | 'warning' | 'info';

/** Statuses whose server message says more than our generic toast: a business rule (418), a conflict (409). */
const SERVER_WORDED = new Set([409, 418]);

/**
 * The console's toasts of an action's result (SPEC section 8), for the catalog keys under `scope`
 * (e.g. `exams.notifications`). `say` shows a key; `fail` signs out on a lost session or
 * permission, else prefers the server's wording for a rule or a conflict, else shows the key;
 * `text` shows a message that is already worded (a bulk outcome).
 */
export function useNotifyResult(scope: string) {
  const notify = useNotify();
  const translate = useTranslate();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();

  const text = useCallback(
    (message: string, type: NotifyType = 'info') =>
      notify(message, { type, messageArgs: { _: message }, multiLine: message.length > 80 }),
    [notify],
  );
  const say = useCallback(
    (key: string, type: NotifyType = 'success', args: Record<string, unknown> = {}) =>
      text(translate(`${scope}.${key}`, args), type),
    [scope, text, translate],
  );
  const fail = useCallback(
    async (key: string, error?: unknown) => {
      if (error && (await logoutIfAccessDenied(error))) return;
      const worded = SERVER_WORDED.has(statusOf(error) ?? 0) ? serverMessageOf(error) : null;
      if (worded) text(worded, 'error');
      else say(key, 'error');
    },
    [logoutIfAccessDenied, say, text],
  );
  return { say, fail, text };
}
