import type { BulkOutcome } from '../types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A bulk action's toast: how many succeeded and failed, then each failure's id and the server's
 * message. Bulk actions are partial, so a mixed outcome is a warning rather than an error.
 * `summaryKey` counts the successes (e.g. "Exams published: %{count}"); counts are written with
 * `format` (the reader's digits), ids as they are.
 */
export function bulkMessage(
  outcome: BulkOutcome,
  summaryKey: string,
  translate: Translate,
  format: (n: number) => string = String,
) {
  const { succeeded, failed } = outcome.meta;
  const parts = [translate(summaryKey, { count: format(succeeded) })];
  if (failed > 0) {
    const failures = outcome.data
      .filter((result) => !result.success)
      .map((result) =>
        translate('exams.notifications.bulk_failure', {
          id: result.id,
          message: result.message ?? translate('exams.popup.unknown'),
        }),
      );
    parts.push(`${translate('exams.notifications.bulk_failed', { count: format(failed) })} ${failures.join(' ')}`);
  }
  const type: 'success' | 'warning' | 'error' = failed === 0 ? 'success' : succeeded === 0 ? 'error' : 'warning';
  return { message: parts.join(' '), type };
}
