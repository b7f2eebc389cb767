import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { errorMessage } from '../providers/errors';

/**
 * Shared failure handling of the profile forms: a lost session logs out (SPEC section 8),
 * otherwise a toast with the first field error, the server message or `fallback`, and the
 * field errors handed back to the form so they show under their inputs.
 */
export function useFormFailure(fallback: string) {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return async (error: unknown): Promise<Record<string, string> | undefined> => {
    if (await logoutIfAccessDenied(error)) return undefined;
    const message = errorMessage(error, fallback);
    notify(message, { type: 'error', messageArgs: { _: message } });
    return (error as { body?: { errors?: Record<string, string> } }).body?.errors;
  };
}
