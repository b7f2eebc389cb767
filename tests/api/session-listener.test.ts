import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { announceSessionChange, SESSION_CHANNEL, SessionCache } from '../../src/server/auth/session-cache';
import type { Db } from '../../src/server/db/database';
import { listenForNotifications, type NotificationListener } from '../../src/server/db/notifications';

// Another server process's cache, as PostgreSQL reaches it: by LISTEN/NOTIFY only (this cache is not
// registered in this process, so nothing but a notification can make it forget). PostgreSQL runs on
// every machine of this project (README); PGlite is one process and has nothing to hear.
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const until = async (check: () => boolean, what: string, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const entry = (userId: number) => ({
  auth: {
    sessionHash: 'x',
    user: { id: userId, name: 'n', email: 'e' },
    roles: [],
    permissions: new Set<string>(),
    mfa: { enabled: false, required: false },
  },
  lastSeenMs: Date.now(),
  expiresMs: Date.now() + 3_600_000,
  cachedAtMs: Date.now(),
});

let pool: pg.Pool;
let db: Db;
let cache: SessionCache;
let listener: NotificationListener;
const events: boolean[] = [];

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: url, max: 2 });
  db = new Kysely({ dialect: new PostgresDialect({ pool }) }) as unknown as Db;
  cache = new SessionCache(60_000, false);
  listener = listenForNotifications(url, SESSION_CHANNEL, {
    onMessage: (payload) => {
      if (payload === 'u:999001') cache.forget({ user: 999001 });
    },
    onLive: (live) => {
      events.push(live);
      cache.setLive(live);
    },
  });
  await until(() => listener.live, 'the listener');
});
afterAll(async () => {
  await listener.close();
  await db.destroy();
});

describe('session changes between processes (PostgreSQL)', () => {
  it('reach the other process when the change commits, not before', async () => {
    cache.keep('a'.repeat(64), entry(999001), cache.epoch);
    expect(cache.size).toBe(1);
    await db.transaction().execute(async (trx) => {
      await announceSessionChange(trx, { user: 999001 });
      await new Promise((r) => setTimeout(r, 200));
      expect(cache.size).toBe(1);
    });
    await until(() => cache.size === 0, 'the change to arrive');
  });

  it('stop the cache from keeping anything while the connection is lost, and listen again by themselves', async () => {
    cache.keep('b'.repeat(64), entry(5), cache.epoch);
    expect(cache.size).toBe(1);
    const before = events.length;
    await pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()`,
      [`ltm-listen-${SESSION_CHANNEL}`],
    );
    await until(() => events.slice(before).includes(false), 'the loss to be noticed');
    expect(cache.size).toBe(0);
    await until(() => listener.live, 'listening again');
    expect(events.slice(before)).toEqual([false, true]);
    cache.keep('b'.repeat(64), entry(5), cache.epoch);
    expect(cache.size).toBe(1);
  });

  it('count a connection that stops answering without a word as lost, by its ping', async () => {
    const states: boolean[] = [];
    const name = 'ltm_ping_test';
    const quiet = listenForNotifications(
      url,
      name,
      { onMessage: () => {}, onLive: (live) => states.push(live) },
      {
        everyMs: 200,
        withinMs: 400,
      },
    );
    try {
      await until(() => quiet.live, 'the quiet listener');
      const { rows } = await pool.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1',
        [`ltm-listen-${name}`],
      );
      expect(rows).toHaveLength(1);
      // The backend is frozen: no error, no end, the socket stays open; only the ping notices.
      process.kill(rows[0]!.pid, 'SIGSTOP');
      try {
        await until(() => states.includes(false), 'the silence to be noticed');
        await until(() => quiet.live, 'listening again on a new connection');
      } finally {
        process.kill(rows[0]!.pid, 'SIGCONT');
      }
      expect(states).toEqual([true, false, true]);
    } finally {
      await quiet.close();
    }
  });
});
