import type { Language } from '../../../locales/index';
import { AppError } from './app-error';
import { translate } from './i18n';

export interface BulkResult {
  id: number;
  success: boolean;
  status: number;
  /** The refusal when it failed, translated when presented. */
  error: AppError | null;
}

/**
 * Bulk actions are partial, not all-or-nothing: each record is handled on its own and the outcome
 * of each is reported, so one refusal does not block the others. Only expected refusals are
 * collected; anything else is a bug and fails the whole request.
 */
export async function runBulk(ids: readonly number[], apply: (id: number) => Promise<void>): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await apply(id);
      results.push({ id, success: true, status: 200, error: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, success: false, status: error.statusCode, error });
    }
  }
  return results;
}

/** `{data: [{id, success, status, message}], meta: {succeeded, failed}}` in the request's language. */
export function presentBulk(lang: Language, results: BulkResult[]) {
  return {
    data: results.map(({ id, success, status, error }) => {
      const params = typeof error?.params === 'function' ? error.params(lang) : error?.params;
      return { id, success, status, message: error ? translate(lang, error.messageKey, params) : null };
    }),
    meta: { succeeded: results.filter((r) => r.success).length, failed: results.filter((r) => !r.success).length },
  };
}
