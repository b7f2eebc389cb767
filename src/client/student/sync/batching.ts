/** Batches of answers and what a failed send means: the answer queue's arithmetic. */

/** One answer on its way to the server. */
export interface OutgoingAnswer {
  question_id: number;
  answer: unknown;
  seq: number;
}

/**
 * What the status line says: everything acknowledged, a batch on its way, no connection, the
 * server failed (retrying), the server refused the answers (not retried until they change), or the
 * attempt is closed (418: deadline passed or submitted); or, worst of the waiting ones, unsent
 * answers this computer could not keep (`unkept`: a tab opened offline has no work key to seal them
 * with, so they live in the page alone until the server takes them).
 */
export type SyncStatus = 'saved' | 'saving' | 'offline' | 'retrying' | 'rejected' | 'closed' | 'unkept';

export type Failure = Exclude<SyncStatus, 'saved' | 'saving' | 'unkept'>;

/** The most a batch may hold (the API's limit). */
export const MAX_BATCH = 500;
/** The most bytes a batch may weigh: half the API's 1 MB body limit, so long essays go in several. */
export const MAX_BATCH_BYTES = 512 * 1024;

/** Browsers refuse a `keepalive` request above 64 kB in all: those batches stay under it. */
export const KEEPALIVE_BATCH_BYTES = 60 * 1024;

const encoder = new TextEncoder();

/** The first answers that fit in one batch, by count and by weight; always at least one. */
export function nextBatch(pending: OutgoingAnswer[], maxBytes = MAX_BATCH_BYTES): OutgoingAnswer[] {
  const batch: OutgoingAnswer[] = [];
  let bytes = 0;
  for (const answer of pending) {
    const weight = encoder.encode(JSON.stringify(answer)).length + 1;
    if (batch.length > 0 && (batch.length >= MAX_BATCH || bytes + weight > maxBytes)) break;
    batch.push(answer);
    bytes += weight;
  }
  return batch;
}

/** How a failed send is treated, from the error's HTTP `status` (0 or none: the request never got an answer). */
export function failureOf(error: unknown): Failure {
  const status =
    error && typeof error === 'object' && 'status' in error ? Number((error as { status: unknown }).status) : 0;
  if (!status) return 'offline';
  if (status === 418) return 'closed';
  if (status >= 500 || status === 408 || status === 429) return 'retrying';
  return 'rejected';
}
