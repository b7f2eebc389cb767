/**
 * What a student's browser keeps of their work is unreadable without their session (issue 39): the
 * answers and recordings are sealed (AES-GCM, a fresh 96-bit IV each time) with the student's work
 * key before they reach IndexedDB, and opened when read back. The key comes from the server to the
 * student's own session and lives in this tab's session storage only (a reload offline still opens
 * the work; a closed browser leaves sealed bytes). Only the ids and counters that order the work
 * stay readable; a row that does not open (another student's, an earlier key's) is left alone.
 */
import type { AnswerStore, LocalAnswer } from './answerQueue';
import type { LocalRecording, RecordingStore } from './recordingQueue';

/** A sealed value: its IV and ciphertext. */
export interface Sealed {
  iv: Uint8Array;
  data: ArrayBuffer;
  /** A recording's media type, to play it back. */
  type?: string;
}

/** The student's work key, or a rejection when there is none to be had (offline in a new tab). */
export type KeySource = () => Promise<CryptoKey>;

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

async function seal(key: CryptoKey, bytes: ArrayBuffer | ArrayBufferView): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  return { iv, data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, bytesOf(bytes)) };
}

const open = (key: CryptoKey, sealed: Sealed) =>
  crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytesOf(sealed.iv) }, key, bytesOf(sealed.data));

const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' && value !== null && ArrayBuffer.isView((value as Sealed).iv) && 'data' in value;

/** Reads what opens: a row whose seal fails (another key) is skipped, not shown as if it were none. */
async function opened<T, R>(rows: T[], openOne: (row: T) => Promise<R>): Promise<R[]> {
  const results = await Promise.allSettled(rows.map(openOne));
  return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}

/** An answer store that seals each answer's content with the work key. */
export function sealedAnswerStore(inner: AnswerStore, key: KeySource): AnswerStore {
  return {
    async list(attemptId) {
      const rows = await inner.list(attemptId);
      const k = await key();
      return opened(rows, async (row): Promise<LocalAnswer> => {
        if (!isSealed(row.answer)) throw new Error('not sealed');
        return { ...row, answer: JSON.parse(decoder.decode(await open(k, row.answer))) as unknown };
      });
    },
    async put(answer) {
      const sealed = await seal(await key(), encoder.encode(JSON.stringify(answer.answer ?? null)));
      await inner.put({ ...answer, answer: sealed });
    },
    removeAttempt: (attemptId) => inner.removeAttempt(attemptId),
  };
}

/** A recording store that seals each recording's sound (its type stays, to play it back). */
export function sealedRecordingStore(inner: RecordingStore, key: KeySource): RecordingStore {
  return {
    async list(attemptId) {
      const rows = await inner.list(attemptId);
      const k = await key();
      return opened(rows, async (row): Promise<LocalRecording> => {
        const sealed = (row as unknown as { sealed?: Sealed }).sealed;
        if (!sealed) throw new Error('not sealed');
        const sound = await open(k, sealed);
        const { sealed: _sealed, ...rest } = row as unknown as LocalRecording & { sealed: Sealed };
        return { ...rest, blob: new Blob([sound], { type: sealed.type ?? '' }) };
      });
    },
    async put(recording) {
      const sealed = { ...(await seal(await key(), await recording.blob.arrayBuffer())), type: recording.blob.type };
      // The blob kept is empty: the sound is in `sealed`.
      await inner.put({ ...recording, blob: new Blob([], { type: recording.blob.type }), sealed } as LocalRecording);
    },
    remove: (attemptId, questionId) => inner.remove(attemptId, questionId),
    removeAttempt: (attemptId) => inner.removeAttempt(attemptId),
  };
}
