import { sql } from 'kysely';
import type { Db } from '../db/database';

/** At most `limit` hits per `seconds`, counted from the window's first hit. */
export interface RateWindow {
  limit: number;
  seconds: number;
}

export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Takes one hit of `key`'s allowance, or refuses when the window's hits are used up, in one
 * statement: the upsert locks the key's row, so parallel requests are counted one after the other
 * and never more than `limit` pass (a check that reads first and counts later lets a burst through).
 * The count lives in the database, shared by every server process.
 */
export async function takeHit(db: Db, key: string, window: RateWindow): Promise<Taken> {
  const expired = sql<boolean>`r.window_started_at <= now() - make_interval(secs => ${window.seconds})`;
  const { rows } = await sql<{ hits: number }>`
    insert into rate_limits as r (key, hits, window_started_at, last_hit_at) values (${key}, 1, now(), now())
    on conflict (key) do update set
      hits = case when ${expired} then 1 else r.hits + 1 end,
      window_started_at = case when ${expired} then now() else r.window_started_at end,
      last_hit_at = now()
    where ${expired} or r.hits < ${window.limit}
    returning r.hits`.execute(db);
  await purgeNowAndThen(db);
  if (rows.length > 0) return { ok: true };
  return {
    ok: false,
    retryAfterSeconds: await secondsUntil(db, key, sql`window_started_at + make_interval(secs => ${window.seconds})`),
  };
}

/**
 * Whether `key`'s window is used up, without taking a hit: for an attempt that is held by a count
 * it does not add to (a sign-in address past its share of an account's ceiling).
 */
export async function peek(db: Db, key: string, window: RateWindow): Promise<Taken> {
  const { rows } = await sql<{ seconds: number | string }>`
    select ceil(extract(epoch from (window_started_at + make_interval(secs => ${window.seconds}) - now())))::int as seconds
    from rate_limits
    where key = ${key} and hits >= ${window.limit} and window_started_at > now() - make_interval(secs => ${window.seconds})`.execute(
    db,
  );
  return rows.length === 0 ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(1, Number(rows[0].seconds)) };
}

/** Gives back a hit taken for work that did not count (a sign-in that succeeded, a request refused further on). */
export async function giveBack(db: Db, key: string): Promise<void> {
  await sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`.execute(db);
}

/** Forgets a key (a pair whose owner has just signed in). */
export async function forget(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Whole seconds from now until the instant `at` (an SQL expression over the key's row), at least 1. */
export async function secondsUntil(db: Db, key: string, at: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await sql<{ seconds: number | string | null }>`
    select ceil(extract(epoch from (${at} - now())))::int as seconds from rate_limits where key = ${key}`.execute(db);
  return Math.max(1, Number(rows[0]?.seconds ?? 1));
}

/**
 * Keys untouched for a day (and past their wait) count for nothing any more: the longest window is
 * an hour, and a sign-in pair forgets after a day. About one hit in 500 removes them, so the table
 * stays as small as the last day's traffic.
 */
async function purgeNowAndThen(db: Db): Promise<void> {
  if (Math.random() >= 1 / 500) return;
  await sql`delete from rate_limits
    where greatest(last_hit_at, coalesce(blocked_until, last_hit_at)) < now() - interval '1 day'`.execute(db);
}
