import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AnswerQueue,
  failureOf,
  MAX_BATCH,
  MAX_BATCH_BYTES,
  nextBatch,
  type OutgoingAnswer,
  type SavedAnswer,
  type SyncStatus,
} from '../../../src/client/student/sync/answerQueue';
import { idbAnswerStore } from '../../../src/client/student/sync/idbStore';

/** Lets fake-indexeddb (scheduled with the real setImmediate) finish its pending writes. */
async function idbIdle() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

let dbCount = 0;
const freshStore = () => idbAnswerStore(`queue-test-${++dbCount}`);

/** A server that holds the highest seq per question, as PUT /answers does. */
function fakeServer() {
  const held = new Map<number, number>();
  const batches: { answers: OutgoingAnswer[]; keepalive: boolean }[] = [];
  let failWith: unknown = null;
  return {
    batches,
    held,
    fail(error: unknown) {
      failWith = error;
    },
    send: vi.fn(async (answers: OutgoingAnswer[], { keepalive }: { keepalive: boolean }): Promise<SavedAnswer[]> => {
      batches.push({ answers, keepalive });
      if (failWith) throw failWith;
      for (const a of answers) held.set(a.question_id, Math.max(held.get(a.question_id) ?? 0, a.seq));
      return answers.map((a) => ({ question_id: a.question_id, seq: held.get(a.question_id)! }));
    }),
  };
}

describe('answer queue', () => {
  // fake-indexeddb schedules with setImmediate, which stays real.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('keeps each change locally with an increasing seq and sends one batch within the debounce', async () => {
    const store = freshStore();
    const server = fakeServer();
    const statuses: SyncStatus[] = [];
    const queue = new AnswerQueue({ attemptId: 1, store, send: server.send, onStatus: (s) => statuses.push(s) });
    await queue.load({});
    await queue.change(10, { value: true });
    await queue.change(10, { value: false });
    await queue.change(11, { text: 'hi' });
    expect(await store.list(1)).toEqual(
      expect.arrayContaining([
        { attempt_id: 1, question_id: 10, answer: { value: false }, seq: 2, synced_seq: 0 },
        { attempt_id: 1, question_id: 11, answer: { text: 'hi' }, seq: 1, synced_seq: 0 },
      ]),
    );
    expect(server.send).not.toHaveBeenCalled();
    expect(queue.status()).toBe('saving');

    await vi.advanceTimersByTimeAsync(2000);
    expect(server.batches).toEqual([
      {
        answers: [
          { question_id: 10, answer: { value: false }, seq: 2 },
          { question_id: 11, answer: { text: 'hi' }, seq: 1 },
        ],
        keepalive: false,
      },
    ]);
    expect(queue.status()).toBe('saved');
    expect(statuses.at(-1)).toBe('saved');
    await idbIdle();
    expect((await store.list(1)).map((a) => a.synced_seq).sort()).toEqual([1, 2]);
    queue.dispose();
  });

  it('waits at most the debounce from the first change, even while changes keep coming', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue({ attemptId: 2, store: freshStore(), send: server.send });
    await queue.load({});
    for (let i = 0; i < 4; i++) {
      await queue.change(1, { text: `v${i}` });
      await vi.advanceTimersByTimeAsync(600);
    }
    expect(server.batches).toHaveLength(1);
    queue.dispose();
  });

  it('goes offline on a network failure, keeps the answers and retries with backoff until it works', async () => {
    const store = freshStore();
    const server = fakeServer();
    const statuses: SyncStatus[] = [];
    const queue = new AnswerQueue({
      attemptId: 3,
      store,
      send: server.send,
      onStatus: (s) => statuses.push(s),
      retryInitialMs: 1000,
    });
    await queue.load({});
    server.fail(new TypeError('Failed to fetch'));
    await queue.change(5, { value: true });
    await vi.advanceTimersByTimeAsync(2000);
    expect(queue.status()).toBe('offline');
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.batches).toHaveLength(3);
    // A change while offline is kept and joins the next retry.
    await queue.change(6, { value: false });
    expect((await store.list(3)).filter((a) => a.synced_seq === 0)).toHaveLength(2);
    server.fail(null);
    await vi.advanceTimersByTimeAsync(4000);
    expect(server.batches.at(-1)!.answers.map((a) => a.question_id)).toEqual([5, 6]);
    expect(queue.status()).toBe('saved');
    expect(statuses).toEqual(['saved', 'saving', 'offline', 'saved']);
    queue.dispose();
  });

  it('says so when, offline, the computer cannot keep the answers (a tab opened offline has no key), until the server takes them', async () => {
    const kept = freshStore();
    let keyless = true;
    // The sealed store as a tab opened offline has it: every write refused until the key comes.
    const store = {
      ...kept,
      put: async (answer: Parameters<typeof kept.put>[0]) => {
        if (keyless) throw new TypeError('Failed to fetch');
        return kept.put(answer);
      },
    };
    const server = fakeServer();
    const statuses: SyncStatus[] = [];
    const queue = new AnswerQueue({
      attemptId: 8,
      store,
      send: server.send,
      onStatus: (s) => statuses.push(s),
      retryInitialMs: 1000,
    });
    await queue.load({});
    server.fail(new TypeError('Failed to fetch'));
    await queue.change(5, { text: 'an essay held by this page alone' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(queue.status()).toBe('unkept');
    // The key comes while the server is still out of reach: the next answer is kept, the first still
    // only in the page, so the warning stays.
    keyless = false;
    await queue.change(6, { value: true });
    expect(queue.status()).toBe('unkept');
    // The server takes both: all is well.
    server.fail(null);
    await vi.advanceTimersByTimeAsync(4000);
    expect(server.held.get(5)).toBe(1);
    expect(server.held.get(6)).toBe(1);
    expect(queue.status()).toBe('saved');
    expect(statuses).toEqual(['saved', 'saving', 'unkept', 'saved']);
    queue.dispose();
  });

  it('retries at once when the connection returns', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue({ attemptId: 4, store: freshStore(), send: server.send, retryInitialMs: 60_000 });
    await queue.load({});
    server.fail(Object.assign(new Error('network'), { status: 0 }));
    await queue.change(1, { value: true });
    await vi.advanceTimersByTimeAsync(2000);
    server.fail(null);
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toBe('saved');
    queue.dispose();
  });

  it('merges on resume: a local answer with a higher seq wins and is sent; the server wins otherwise', async () => {
    const store = freshStore();
    await store.put({ attempt_id: 5, question_id: 1, answer: { value: true }, seq: 4, synced_seq: 2 });
    await store.put({ attempt_id: 5, question_id: 2, answer: { value: true }, seq: 1, synced_seq: 0 });
    await store.put({ attempt_id: 6, question_id: 1, answer: { value: false }, seq: 9, synced_seq: 0 });
    const server = fakeServer();
    const queue = new AnswerQueue({ attemptId: 5, store, send: server.send });
    const merged = await queue.load({
      '1': { answer: { value: false }, seq: 2 },
      '2': { answer: { value: false }, seq: 3 },
      '3': { answer: { text: 'server only' }, seq: 1 },
    });
    expect(Object.fromEntries(merged)).toEqual({
      1: { value: true },
      2: { value: false },
      3: { text: 'server only' },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.batches).toEqual([
      { answers: [{ question_id: 1, answer: { value: true }, seq: 4 }], keepalive: false },
    ]);
    // The next change continues from the merged seq.
    await queue.change(2, { value: true });
    expect(queue.pending()).toEqual([{ question_id: 2, answer: { value: true }, seq: 4 }]);
    queue.dispose();
  });

  it('sends with keepalive at once when asked (page hidden), even during another send', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue({ attemptId: 7, store: freshStore(), send: server.send });
    await queue.load({});
    await queue.change(1, { value: true });
    await queue.flush({ keepalive: true });
    expect(server.batches).toEqual([
      { answers: [{ question_id: 1, answer: { value: true }, seq: 1 }], keepalive: true },
    ]);
    queue.dispose();
  });

  it('stops on 418 (time over) and does not retry a refused batch until the answer changes', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue({ attemptId: 8, store: freshStore(), send: server.send });
    await queue.load({});
    server.fail({ status: 422 });
    await queue.change(1, { value: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(queue.status()).toBe('rejected');
    expect(server.batches).toHaveLength(1);
    server.fail({ status: 418 });
    await queue.change(1, { value: false });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(queue.status()).toBe('closed');
    expect(server.batches).toHaveLength(2);
    expect(await queue.settle()).toBe(false);
    queue.dispose();
  });

  it('sends a later change above a seq another tab has reached, not below it', async () => {
    const server = fakeServer();
    server.held.set(10, 7); // another tab has saved seq 7 for question 10
    const queue = new AnswerQueue({ attemptId: 5, store: freshStore(), send: server.send });
    await queue.load({});
    await queue.change(10, { value: true });
    expect(await queue.settle()).toBe(true);
    await queue.change(10, { value: false });
    expect(await queue.settle()).toBe(true);
    expect(server.batches.at(-1)!.answers).toEqual([{ question_id: 10, answer: { value: false }, seq: 8 }]);
    expect(server.held.get(10)).toBe(8);
  });

  it('settles: sends everything and reports whether the server holds it all', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue({ attemptId: 9, store: freshStore(), send: server.send });
    await queue.load({});
    await queue.change(1, { value: true });
    expect(await queue.settle()).toBe(true);
    expect(server.held.get(1)).toBe(1);
  });

  it('settles offline only once the answer just given is kept here, so a count of unsent work that follows includes it', async () => {
    const server = fakeServer();
    server.fail(new TypeError('Failed to fetch'));
    const store = freshStore();
    let release: () => void = () => {};
    const slowStore = {
      ...store,
      // A sealed write that takes its time (encryption, a busy disk): the change is not waited for.
      put: async (entry: Parameters<typeof store.put>[0]) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        await store.put(entry);
      },
    };
    const queue = new AnswerQueue({ attemptId: 31, store: slowStore, send: server.send });
    await queue.load({});
    void queue.change(4, { value: true });
    let settled: boolean | null = null;
    const settling = queue.settle().then((done) => {
      settled = done;
    });
    await idbIdle();
    // The send failed at once, but the answer is not on the computer yet: settle waits for it.
    expect(server.batches).toHaveLength(1);
    expect(settled).toBeNull();
    release();
    await settling;
    expect(settled).toBe(false);
    expect(await store.list(31)).toEqual([
      { attempt_id: 31, question_id: 4, answer: { value: true }, seq: 1, synced_seq: 0 },
    ]);
    queue.dispose();
  });

  it('classifies failures by status', () => {
    expect(failureOf(new TypeError('Failed to fetch'))).toBe('offline');
    expect(failureOf({ status: 0 })).toBe('offline');
    expect(failureOf({ status: 503 })).toBe('retrying');
    expect(failureOf({ status: 418 })).toBe('closed');
    expect(failureOf({ status: 422 })).toBe('rejected');
  });

  it('splits batches by count and by weight, so long essays never exceed the body limit', async () => {
    const small = Array.from({ length: 600 }, (_, i) => ({ question_id: i + 1, answer: { value: true }, seq: 1 }));
    expect(nextBatch(small)).toHaveLength(MAX_BATCH);
    const essay = (id: number) => ({ question_id: id, answer: { text: 'ع'.repeat(150_000) }, seq: 1 });
    // 150,000 Arabic letters weigh 300 kB in UTF-8: one essay per batch.
    expect(nextBatch([essay(1), essay(2)])).toHaveLength(1);
    const huge = { question_id: 9, answer: { text: 'x'.repeat(MAX_BATCH_BYTES * 2) }, seq: 1 };
    expect(nextBatch([huge, essay(1)])).toEqual([huge]);

    const server = fakeServer();
    const queue = new AnswerQueue({ attemptId: 30, store: freshStore(), send: server.send });
    await queue.load({});
    for (const id of [1, 2, 3]) await queue.change(id, essay(id).answer);
    await queue.flush();
    // The rest follow at once, without waiting for the debounce.
    for (let i = 0; i < 5; i++) {
      await idbIdle();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(server.batches.map((b) => b.answers.map((a) => a.question_id))).toEqual([[1], [2], [3]]);
    expect(queue.status()).toBe('saved');
    queue.dispose();
  });
});
