import { describe, expect, it } from 'vitest';
import { decodeSessionChange, encodeSessionChange, SessionCache } from '../../src/server/auth/session-cache';

const hash = (c: string) => c.repeat(64);
const entry = (userId: number, at = 1_000) => ({
  auth: {
    sessionHash: 'x',
    user: { id: userId, name: 'n', email: 'e' },
    roles: [],
    permissions: new Set<string>(),
    mfa: { enabled: false, required: false },
  },
  lastSeenMs: at,
  expiresMs: at + 3_600_000,
  cachedAtMs: at,
});

describe('SessionCache', () => {
  it('keeps an entry for its time to live only', () => {
    const cache = new SessionCache(30_000, true);
    cache.keep(hash('a'), entry(1), cache.epoch);
    expect(cache.find(hash('a'), 30_999)).toBeDefined();
    expect(cache.find(hash('a'), 31_000)).toBeUndefined();
    // A clock that went back does not make an old entry young.
    cache.keep(hash('b'), entry(1), cache.epoch);
    expect(cache.find(hash('b'), 999)).toBeUndefined();
  });

  it("holds a started student's session past its time, and still forgets it at once on a change", () => {
    const cache = new SessionCache(30_000, true);
    cache.keep(hash('a'), entry(1), cache.epoch);
    cache.keep(hash('b'), entry(2), cache.epoch);
    cache.hold(hash('a'), 600_000);
    cache.hold(hash('z'), 600_000); // nothing kept: nothing held
    expect(cache.find(hash('a'), 599_999)).toBeDefined();
    expect(cache.find(hash('b'), 31_000)).toBeUndefined();
    expect(cache.find(hash('a'), 600_000)).toBeUndefined();
    cache.keep(hash('c'), entry(3), cache.epoch);
    cache.hold(hash('c'), 600_000);
    cache.forget({ user: 3 });
    expect(cache.find(hash('c'), 2_000)).toBeUndefined();
    cache.keep(hash('d'), entry(4), cache.epoch);
    cache.hold(hash('d'), 600_000);
    cache.setLive(false);
    expect(cache.find(hash('d'), 2_000)).toBeUndefined();
  });

  it('refuses an entry read before a change, and forgets by session or by user', () => {
    const cache = new SessionCache(30_000, true);
    const before = cache.epoch;
    cache.forget({ session: hash('z') });
    cache.keep(hash('a'), entry(1), before);
    expect(cache.size).toBe(0);

    cache.keep(hash('a'), entry(1), cache.epoch);
    cache.keep(hash('b'), entry(1), cache.epoch);
    cache.keep(hash('c'), entry(2), cache.epoch);
    cache.forget({ user: 1 });
    expect([cache.find(hash('a'), 1_000), cache.find(hash('b'), 1_000)]).toEqual([undefined, undefined]);
    expect(cache.find(hash('c'), 1_000)).toBeDefined();
    cache.forget({ session: hash('c') });
    expect(cache.size).toBe(0);
  });

  it("forgets every session, held or not, when a role's permissions change (issue 41)", () => {
    const cache = new SessionCache(30_000, true);
    cache.keep(hash('a'), entry(1), cache.epoch);
    cache.keep(hash('b'), entry(2), cache.epoch);
    cache.hold(hash('b'), 600_000);
    const before = cache.epoch;
    cache.forget({ everyone: true });
    expect(cache.size).toBe(0);
    // A read that began before the change is not kept either.
    cache.keep(hash('c'), entry(3), before);
    expect(cache.size).toBe(0);
  });

  it('keeps nothing while it cannot hear the other processes, and empties itself when that changes', () => {
    const cache = new SessionCache(30_000, false);
    cache.keep(hash('a'), entry(1), cache.epoch);
    expect(cache.size).toBe(0);
    cache.setLive(true);
    cache.keep(hash('a'), entry(1), cache.epoch);
    expect(cache.size).toBe(1);
    cache.setLive(false);
    expect(cache.size).toBe(0);
  });

  it('reads back only well-formed announcements', () => {
    expect(decodeSessionChange(encodeSessionChange({ user: 42 }))).toEqual({ user: 42 });
    expect(decodeSessionChange(encodeSessionChange({ session: hash('f') }))).toEqual({ session: hash('f') });
    expect(decodeSessionChange(encodeSessionChange({ everyone: true }))).toEqual({ everyone: true });
    for (const bad of ['', 'u:', 'u:12a', 's:xyz', 'x:1', `s:${hash('g')}`, 'a:', 'a:1', 'a:**'])
      expect(decodeSessionChange(bad)).toBeNull();
  });
});
