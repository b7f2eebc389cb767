import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_READ_LIMITS,
  readApart,
  ReadLimitCrossed,
  ReadRefused,
  setReadLimits,
} from '../../src/server/untrusted/index';

/**
 * Issue 39: an untrusted file is read on a thread of one pool, with a memory and a time limit. A
 * reader that eats memory or never ends stops its thread, not the process; the next read works.
 */
const thread = (name: string) => new URL(`../fixtures/threads/${name}-thread.ts`, import.meta.url);
afterAll(() => setReadLimits(DEFAULT_READ_LIMITS));

describe('the reading pool', () => {
  it("answers the reader's file, its refusal, and anything else it throws as unreadable", async () => {
    setReadLimits({ memoryMb: 128, seconds: 20, threads: 1 });
    expect(await readApart(thread('echo'), new Uint8Array(5))).toEqual({ length: 5 });
    const refused = await readApart(thread('echo'), new Uint8Array(0)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ReadRefused);
    expect(refused).toMatchObject({ reason: 'empty', params: { size: 0 } });
    const broken = await readApart(thread('echo'), new Uint8Array([0xff])).catch((e: unknown) => e);
    expect(broken).toMatchObject({ reason: 'unreadable', failure: expect.stringContaining('call stack') });
  });

  it('stops a reader past its memory limit, and reads the next file', async () => {
    setReadLimits({ memoryMb: 64, seconds: 30, threads: 1 });
    const before = process.memoryUsage().heapUsed;
    const crossed = await readApart(thread('greedy'), new Uint8Array(1)).catch((e: unknown) => e);
    expect(crossed).toBeInstanceOf(ReadLimitCrossed);
    expect(crossed).toMatchObject({ limit: 'memory', value: 64 });
    // The thread's heap was its own: this one did not grow with it.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(32 * 2 ** 20);
    expect(await readApart(thread('echo'), new Uint8Array(3))).toEqual({ length: 3 });
  });

  it('stops a reader past its time limit while the event loop goes on, and reads the next file', async () => {
    setReadLimits({ memoryMb: 128, seconds: 3, threads: 1 });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const started = Date.now();
    const crossed = await readApart(thread('endless'), new Uint8Array(1)).catch((e: unknown) => e);
    clearInterval(ticker);
    expect(crossed).toBeInstanceOf(ReadLimitCrossed);
    expect(crossed).toMatchObject({ limit: 'time', value: 3 });
    expect(Date.now() - started).toBeLessThan(10_000);
    // The event loop ran all along (a tick every 50 ms for about three seconds).
    expect(ticks).toBeGreaterThan(20);
    expect(await readApart(thread('echo'), new Uint8Array(2))).toEqual({ length: 2 });
  });

  it("counts a read's time from when a thread is free for it, not while it waits its turn", async () => {
    setReadLimits({ memoryMb: 128, seconds: 3, threads: 1 });
    // The second waits about three seconds behind the first, which the time limit stops.
    const [endless, waited] = await Promise.allSettled([
      readApart(thread('endless'), new Uint8Array(1)),
      readApart(thread('echo'), new Uint8Array(4)),
    ]);
    expect(endless).toMatchObject({ status: 'rejected', reason: { limit: 'time' } });
    expect(waited).toEqual({ status: 'fulfilled', value: { length: 4 } });
  });
});
