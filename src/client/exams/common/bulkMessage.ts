import type { BulkOutcome } from '../types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The status of an exam a bulk action left as it was because it already was in the asked state
 * (unpublishing a draft: "Already draft"); the server counts it neither as a success nor a failure.
 */
const SKIPPED = 409;

/**
 * A bulk action's toast: how many succeeded, failed and were skipped, then each failed or skipped
 * exam's id and the server's message. Bulk actions are partial, so a mixed outcome is a warning
 * rather than an error. `summaryKey` counts the successes (e.g. "Exams published: %{count}");
 * counts are written with `format` (the reader's digits), ids as they are.
 */
export function bulkMessage(
  outcome: BulkOutcome,
  summaryKey: string,
  translate: Translate,
  format: (n: number) => string = String,
) {
  const { succeeded, failed } = outcome.meta;
  const parts = [translate(summaryKey, { count: format(succeeded) })];
  const listed = (results: BulkOutcome['data']) =>
    results
      .map((result) =>
        translate('exams.notifications.bulk_failure', {
          id: result.id,
          message: result.message ?? translate('exams.popup.unknown'),
        }),
      )
      .join(' ');
  const unsuccessful = outcome.data.filter((result) => !result.success);
  const skipped = unsuccessful.filter((result) => result.status === SKIPPED);
  const failures = unsuccessful.filter((result) => result.status !== SKIPPED);
  if (failed > 0)
    parts.push(`${translate('exams.notifications.bulk_failed', { count: format(failed) })} ${listed(failures)}`);
  if (skipped.length > 0)
    parts.push(
      `${translate('exams.notifications.bulk_skipped', { count: format(skipped.length) })} ${listed(skipped)}`,
    );
  const type: 'success' | 'warning' | 'error' =
    failed === 0
      ? succeeded === 0 && skipped.length > 0
        ? 'warning'
        : 'success'
      : succeeded === 0
        ? 'error'
        : 'warning';
  return { message: parts.join(' '), type };
}
