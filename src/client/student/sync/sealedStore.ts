/**
 * What a student's browser keeps of their work is unreadable without their session (issue 39): the
 * answers and recordings are sealed (AES-GCM, a fresh 96-bit IV each time, bound to their attempt
 * and question) with the student's work key before they reach IndexedDB, and opened when read back.
 * The key comes from the server to the student's own session and lives in this tab's session
 * storage only (a reload offline still opens the work; a closed browser leaves sealed bytes). Only
 * the ids and counters that order the work stay readable, with the key's id (whose work a row is);
 * a row that does not open (another student's) is left alone, and one kept before sealing is read as
 * it is and sealed at its next write.
 */
import type { AnswerStore, LocalAnswer } from './answerQueue';
import type { LocalRecording, RecordingStore } from './recordingQueue';
import type { WorkKey } from './workKey';

/** A sealed value: its IV and ciphertext. */
export interface Sealed {
  iv: Uint8Array;
  data: ArrayBuffer;
  /** A recording's media type, to play it back. */
  type?: string;
}

/** The student's work key, or a rejection when there is none to be had (offline in a new tab). */
export type KeySource = () => Promise<WorkKey>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// Bytes are copied into this realm's arrays: what IndexedDB gives back may come from another.
function bytesOf(source: ArrayBuffer | ArrayBufferView): Uint8Array<ArrayBuffer> {
  const view = ArrayBuffer.isView(source)
    ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
    : new Uint8Array(source);
  const copy = new Uint8Array(view.byteLength);
  copy.set(view);
  return copy;
}

/** What a sealed value is bound to: a value moved to another row does not open. */
const boundTo = (row: { attempt_id: number; question_id: number }) =>
  encoder.encode(`${row.attempt_id}:${row.question_id}`);

async function seal(key: CryptoKey, bytes: ArrayBuffer | ArrayBufferView, to: Uint8Array): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: bytesOf(to) }, key, bytesOf(bytes));
  return { iv, data };
}

const open = (key: CryptoKey, sealed: Sealed, to: Uint8Array) =>
  crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytesOf(sealed.iv), additionalData: bytesOf(to) },
    key,
    bytesOf(sealed.data),
  );

const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' && value !== null && ArrayBuffer.isView((value as Sealed).iv) && 'data' in value;

/** Reads what opens: a row whose seal fails (another key) is skipped, not shown as if it were none. */
async function opened<T, R>(rows: T[], openOne: (row: T) => Promise<R>): Promise<R[]> {
  const results = await Promise.allSettled(rows.map(openOne));
  return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}

/** A stored row's seal and the key's id it was sealed with, when it was. */
type SealedRow<T> = T & { key_id?: string; sealed?: Sealed };

/** An answer store that seals each answer's content with the work key. */
export function sealedAnswerStore(inner: AnswerStore, key: KeySource): AnswerStore {
  return {
    async list(attemptId) {
      const rows = (await inner.list(attemptId)) as SealedRow<LocalAnswer>[];
      if (rows.every((row) => !isSealed(row.answer))) return rows;
      const { key: k } = await key();
      return opened(rows, async (row): Promise<LocalAnswer> => {
        if (!isSealed(row.answer)) return row;
        const { key_id: _id, ...plain } = row;
        return { ...plain, answer: JSON.parse(decoder.decode(await open(k, row.answer, boundTo(row)))) as unknown };
      });
    },
    async put(answer) {
      const { key: k, id } = await key();
      const sealed = await seal(k, encoder.encode(JSON.stringify(answer.answer ?? null)), boundTo(answer));
      await inner.put({ ...answer, answer: sealed, key_id: id } as LocalAnswer);
    },
    removeAttempt: (attemptId) => inner.removeAttempt(attemptId),
  };
}

/** A recording store that seals each recording's sound (its type stays, to play it back). */
export function sealedRecordingStore(inner: RecordingStore, key: KeySource): RecordingStore {
  return {
    async list(attemptId) {
      const rows = (await inner.list(attemptId)) as SealedRow<LocalRecording>[];
      if (rows.every((row) => !row.sealed)) return rows;
      const { key: k } = await key();
      return opened(rows, async (row): Promise<LocalRecording> => {
        if (!row.sealed) return row;
        const { sealed, key_id: _id, ...rest } = row;
        const sound = await open(k, sealed, boundTo(row));
        return { ...rest, blob: new Blob([sound], { type: sealed.type ?? '' }) };
      });
    },
    async put(recording) {
      const { key: k, id } = await key();
      const sealed = {
        ...(await seal(k, await recording.blob.arrayBuffer(), boundTo(recording))),
        type: recording.blob.type,
      };
      // The blob kept is empty: the sound is in `sealed`.
      const kept = { ...recording, blob: new Blob([], { type: recording.blob.type }), sealed, key_id: id };
      await inner.put(kept as LocalRecording);
    },
    remove: (attemptId, questionId) => inner.remove(attemptId, questionId),
    removeAttempt: (attemptId) => inner.removeAttempt(attemptId),
  };
}
