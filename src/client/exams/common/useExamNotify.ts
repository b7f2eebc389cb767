import { useCallback } from 'react';
import { useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';

type NotifyType = 'success' | 'error' | 'warning' | 'info';

/** Statuses whose server message says more than our generic toast: a business rule (418), a conflict (409). */
const SERVER_WORDED = new Set([409, 418]);

export function statusOf(error: unknown): number | undefined {
  return error && typeof error === 'object' && 'status' in error
    ? Number((error as { status: unknown }).status)
    : undefined;
}

/** The server's own message of an error (`{message}`), if it sent one. */
export function serverMessageOf(error: unknown): string | null {
  const body =
    error && typeof error === 'object' && 'body' in error
      ? (error as { body?: { message?: unknown } }).body
      : undefined;
  return typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : null;
}

/**
 * The exams area's toasts (SPEC section 8). `say` shows a catalog key under
 * `exams.notifications`; `fail` prefers the server's wording for a rule or a conflict.
 * `text` shows a message that is already worded (a bulk outcome).
 */
export function useExamNotify() {
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
      text(translate(`exams.notifications.${key}`, args), type),
    [text, translate],
  );
  const fail = useCallback(
    async (key: string, error?: unknown) => {
      // A lost session or permission (401, 403) signs out, as the data provider's calls do.
      if (error && (await logoutIfAccessDenied(error))) return;
      const worded = SERVER_WORDED.has(statusOf(error) ?? 0) ? serverMessageOf(error) : null;
      if (worded) text(worded, 'error');
      else say(key, 'error');
    },
    [logoutIfAccessDenied, say, text],
  );
  return { say, fail, text };
}
