import { describe, expect, it } from 'vitest';
import { isOneRequestsFault, SaveGroup } from '../../src/server/delivery/save-group';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A writer that records each group and answers when told to. */
function recordingWriter(fail?: (group: number[]) => unknown) {
  const groups: number[][] = [];
  const releases: (() => void)[] = [];
  const write = (group: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      groups.push(group);
      releases.push(() => {
        const error = fail?.(group);
        if (error) reject(error);
        else resolve(group.map((n) => `stored ${n}`));
      });
    });
  return { groups, write, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

describe('the group commit of answer saves', () => {
  it('writes the saves of one window in one group, and answers none before its group is written', async () => {
    const writer = recordingWriter();
    const group = new SaveGroup(writer.write, { windowMs: 5, maxRequests: 100, maxFlushes: 1 });
    let answered = 0;
    const saves = [1, 2, 3].map((n) => group.store(n).then((out) => (answered++, out)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writer.groups).toEqual([[1, 2, 3]]);
    expect(answered).toBe(0);
    writer.releaseAll();
    expect(await Promise.all(saves)).toEqual(['stored 1', 'stored 2', 'stored 3']);
    expect(group.stats).toMatchObject({ statements: 1, requests: 3, largest: 3 });
  });

  it('gathers what arrives while a group is written into the next one, at most maxRequests each', async () => {
    const writer = recordingWriter();
    const group = new SaveGroup(writer.write, { windowMs: 0, maxRequests: 3, maxFlushes: 1 });
    const first = group.store(0);
    await tick();
    expect(writer.groups).toEqual([[0]]);
    const rest = [1, 2, 3, 4, 5].map((n) => group.store(n));
    await tick();
    // One statement in flight: the others wait for it.
    expect(writer.groups).toHaveLength(1);
    writer.releaseAll();
    await first;
    await tick();
    expect(writer.groups.slice(1)).toEqual([[1, 2, 3]]);
    writer.releaseAll();
    await tick();
    await tick();
    expect(writer.groups.slice(2)).toEqual([[4, 5]]);
    writer.releaseAll();
    expect(await Promise.all(rest)).toEqual([1, 2, 3, 4, 5].map((n) => `stored ${n}`));
  });

  it('sends a full group at once, without waiting for the window', async () => {
    const writer = recordingWriter();
    const group = new SaveGroup(writer.write, { windowMs: 10_000, maxRequests: 2, maxFlushes: 2 });
    const saves = [1, 2, 3, 4, 5].map((n) => group.store(n));
    await tick();
    expect(writer.groups).toEqual([
      [1, 2],
      [3, 4],
    ]);
    writer.releaseAll();
    await Promise.all(saves.slice(0, 4));
    // The fifth waits for its window (or for the next full group), as a lone save does.
    expect(writer.groups).toHaveLength(2);
    const sixth = group.store(6);
    await tick();
    expect(writer.groups.at(-1)).toEqual([5, 6]);
    writer.releaseAll();
    await Promise.all([saves[4], sixth]);
  });

  it('keeps maxFlushes statements in flight, never more', async () => {
    const writer = recordingWriter();
    const group = new SaveGroup(writer.write, { windowMs: 0, maxRequests: 1, maxFlushes: 2 });
    const saves = [1, 2, 3, 4].map((n) => group.store(n));
    await tick();
    expect(writer.groups).toEqual([[1], [2]]);
    writer.releaseAll();
    await tick();
    await tick();
    expect(writer.groups).toEqual([[1], [2], [3], [4]]);
    writer.releaseAll();
    await Promise.all(saves);
  });

  it("writes a failed group again one save at a time, so one save's fault refuses only that save", async () => {
    const bad = Object.assign(new Error('invalid input'), { code: '22P02', severity: 'ERROR' });
    const writer = recordingWriter((g) => (g.includes(2) ? bad : undefined));
    const group = new SaveGroup(writer.write, { windowMs: 1, maxRequests: 10, maxFlushes: 1 });
    const outcomes = Promise.allSettled([1, 2, 3].map((n) => group.store(n)));
    while (writer.groups.length < 4) {
      writer.releaseAll();
      await tick();
    }
    writer.releaseAll();
    const results = await outcomes;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(writer.groups).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(group.stats.retriedAlone).toBe(3);
  });

  it('refuses the whole group at once when the connection failed (no retry storm on a database that is away)', async () => {
    const gone = Object.assign(new Error('terminating connection'), { code: '57P01', severity: 'FATAL' });
    const writer = recordingWriter(() => gone);
    const group = new SaveGroup(writer.write, { windowMs: 1, maxRequests: 10, maxFlushes: 1 });
    const saves = [1, 2].map((n) => group.store(n));
    await new Promise((resolve) => setTimeout(resolve, 10));
    writer.releaseAll();
    expect((await Promise.allSettled(saves)).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(writer.groups).toEqual([[1, 2]]);
    expect(isOneRequestsFault(Object.assign(new Error('socket'), { code: 'EPIPE' }))).toBe(false);
    expect(isOneRequestsFault(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isOneRequestsFault(Object.assign(new Error('deadlock'), { code: '40P01', severity: 'ERROR' }))).toBe(true);
    expect(isOneRequestsFault(Object.assign(new Error('unique'), { code: '23505', severity: 'ERROR' }))).toBe(true);
  });
});
