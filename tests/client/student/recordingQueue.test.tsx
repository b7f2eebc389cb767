import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idbRecordingStore } from '../../../src/client/student/sync/idbStore';
import {
  RecordingQueue,
  type LocalRecording,
  type SpokenAnswer,
} from '../../../src/client/student/sync/recordingQueue';
import type { SyncStatus } from '../../../src/client/student/sync/answerQueue';

/** Lets fake-indexeddb (scheduled with the real setImmediate) finish its pending writes. */
async function idbIdle() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

let dbCount = 0;
const freshStore = () => idbRecordingStore(`recordings-test-${++dbCount}`);
const LABEL = (id: number) => `exams/questions/${id}/audio_responses`;
const offline = () => Object.assign(new TypeError('Failed to fetch'), { status: 0 });

/** The upload endpoint: fails while told to, else stores the recording under a new reference. */
function fakeUploads() {
  let failWith: unknown = null;
  const uploaded: LocalRecording[] = [];
  return {
    uploaded,
    fail(error: unknown) {
      failWith = error;
    },
    upload: vi.fn(async (recording: LocalRecording) => {
      if (failWith) throw failWith;
      uploaded.push(recording);
      return `media/${uploaded.length}.webm`;
    }),
  };
}

/** The next upload waits until the returned function is called (an upload on its way). */
function holdFirstUpload(uploads: ReturnType<typeof fakeUploads>): () => void {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const upload = uploads.upload.getMockImplementation()!;
  uploads.upload.mockImplementationOnce(async (recording) => {
    await held;
    return upload(recording);
  });
  return () => release();
}

function queueOf(store: ReturnType<typeof freshStore>, uploads: ReturnType<typeof fakeUploads>, attemptId = 1) {
  const answered: [number, SpokenAnswer][] = [];
  const statuses: SyncStatus[] = [];
  const queue = new RecordingQueue({
    attemptId,
    store,
    upload: uploads.upload,
    onUploaded: (questionId, answer) => {
      answered.push([questionId, answer]);
    },
    onStatus: (status) => statuses.push(status),
    urlOf: (blob) => `blob:${blob.size}`,
  });
  return { queue, answered, statuses };
}

const recording = (text: string) => new Blob([text], { type: 'audio/webm' });

describe('recording queue', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('uploads a kept recording, answers the question with it and forgets the local copy', async () => {
    const store = freshStore();
    const uploads = fakeUploads();
    const { queue, answered, statuses } = queueOf(store, uploads);
    const url = await queue.keep(7, LABEL(7), recording('voice'), 3.5);
    expect(url).toBe('blob:5');
    expect(await queue.settle()).toBe(true);
    expect(answered).toEqual([[7, { media: 'media/1.webm', duration_seconds: 3.5 }]]);
    expect(uploads.uploaded[0]).toMatchObject({ question_id: 7, label: LABEL(7) });
    await idbIdle();
    expect(await store.list(1)).toEqual([]);
    expect(queue.waitingUrl(7)).toBeNull();
    expect(statuses.at(-1)).toBe('saved');
  });

  it('keeps the recording on this computer while offline, through a reload, and uploads it when the connection returns', async () => {
    const store = freshStore();
    const uploads = fakeUploads();
    uploads.fail(offline());
    const first = queueOf(store, uploads);
    await first.queue.keep(9, LABEL(9), recording('spoken answer'), 12);
    await first.queue.settle();
    expect(first.queue.status()).toBe('offline');
    expect(first.queue.waitingUrl(9)).toBe('blob:13');
    expect(first.answered).toEqual([]);
    await idbIdle();
    const kept = await store.list(1);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ attempt_id: 1, question_id: 9, label: LABEL(9), duration_seconds: 12 });
    // (fake-indexeddb cannot clone jsdom's Blob; the e2e test keeps a real one in Chromium.)
    expect(kept[0]!.blob).toBeDefined();
    first.queue.dispose();

    // The page is reloaded, still offline: the recording is found and waits.
    const second = queueOf(store, uploads);
    await second.queue.load();
    await second.queue.settle();
    expect(second.queue.waitingUrl(9)).toMatch(/^blob:/);
    expect(second.queue.status()).toBe('offline');

    // The connection returns.
    uploads.fail(null);
    second.queue.retryNow();
    expect(await second.queue.settle()).toBe(true);
    expect(second.answered).toEqual([[9, { media: 'media/1.webm', duration_seconds: 12 }]]);
    await idbIdle();
    expect(await store.list(1)).toEqual([]);
  });

  it('retries with backoff while the server fails, and stops retrying a refused file', async () => {
    const uploads = fakeUploads();
    uploads.fail(Object.assign(new Error('bad gateway'), { status: 502 }));
    const { queue } = queueOf(freshStore(), uploads);
    await queue.keep(1, LABEL(1), recording('a'), 1);
    await queue.settle();
    expect(queue.status()).toBe('retrying');
    const calls = uploads.upload.mock.calls.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(uploads.upload.mock.calls.length).toBe(calls + 1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(uploads.upload.mock.calls.length).toBe(calls + 2);

    uploads.fail(Object.assign(new Error('not audio'), { status: 422 }));
    await vi.advanceTimersByTimeAsync(4000);
    expect(queue.status()).toBe('rejected');
    const refused = uploads.upload.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(uploads.upload.mock.calls.length).toBe(refused);
    queue.dispose();
  });

  it('sends the newer recording when the student records again while the first is uploading', async () => {
    const uploads = fakeUploads();
    const release = holdFirstUpload(uploads);
    const { queue, answered } = queueOf(freshStore(), uploads);
    await queue.keep(4, LABEL(4), recording('first'), 2);
    expect(uploads.upload).toHaveBeenCalledTimes(1);
    // The first upload is on its way when the student records again.
    await queue.keep(4, LABEL(4), recording('second take'), 5);
    release();
    expect(await queue.settle()).toBe(true);
    expect(answered).toEqual([[4, { media: 'media/2.webm', duration_seconds: 5 }]]);
    expect(await uploads.uploaded.at(-1)!.blob.text()).toBe('second take');
  });

  it('keeps the recording when the page goes away during its upload', async () => {
    const store = freshStore();
    const uploads = fakeUploads();
    const release = holdFirstUpload(uploads);
    const first = queueOf(store, uploads);
    await first.queue.keep(6, LABEL(6), recording('mid-upload'), 3);
    first.queue.dispose();
    release();
    await first.queue.settle();
    expect(first.answered).toEqual([]);
    await idbIdle();
    expect(await store.list(1)).toHaveLength(1);
    // The next page finds it and sends it.
    const second = queueOf(store, uploads);
    await second.queue.load();
    expect(await second.queue.settle()).toBe(true);
    expect(second.answered.map(([id]) => id)).toEqual([6]);
  });

  it('keeps a refused recording without holding back the others', async () => {
    const uploads = fakeUploads();
    const upload = uploads.upload.getMockImplementation()!;
    uploads.upload.mockImplementation(async (recording) => {
      if (recording.question_id === 1) throw Object.assign(new Error('not audio'), { status: 422 });
      return upload(recording);
    });
    const { queue, answered } = queueOf(freshStore(), uploads);
    await queue.keep(1, LABEL(1), recording('refused'), 1);
    await queue.keep(2, LABEL(2), recording('fine'), 1);
    await queue.settle();
    expect(answered.map(([id]) => id)).toEqual([2]);
    expect(queue.waitingUrl(1)).not.toBeNull();
    expect(queue.status()).toBe('rejected');
  });

  it("keeps each attempt's recordings apart", async () => {
    const store = freshStore();
    const uploads = fakeUploads();
    uploads.fail(offline());
    const one = queueOf(store, uploads, 1);
    await one.queue.keep(3, LABEL(3), recording('x'), 1);
    await one.queue.settle();
    one.queue.dispose();
    await idbIdle();
    const other = queueOf(store, uploads, 2);
    await other.queue.load();
    expect(other.queue.pendingCount()).toBe(0);
  });
});
