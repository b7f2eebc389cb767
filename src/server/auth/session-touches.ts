import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { perDatabase } from '../db/per-database';
import { startPeriodicFlush } from '../db/periodic-flush';

/**
 * A session's last use, written in batches (issue 44): at 10,000 students a touch a minute each was
 * about 170 single-row updates a second, each its own commit, and the request that made it waited
 * for it. A request notes the time here; a flush every few seconds writes every session noted since
 * in one statement (never moving a last use backwards). This process reads its own notes when it
 * reads a session (`pendingTouch`); another process may see a last use a few seconds old, which
 * the idle timeout (minutes, and a touch at most every quarter of it) does not notice.
 */
const buffers = perDatabase(() => new Map<string, number>());
/** Sessions noted at most between flushes: beyond it a touch is written at once, as before. */
const MAX_NOTED = 100_000;

/** Notes a session's use at `nowMs`; false when the buffer is full (the caller writes it itself). */
export function noteSessionTouch(db: Db, idHash: string, nowMs: number): boolean {
  const buffer = buffers(db);
  if (buffer.size >= MAX_NOTED && !buffer.has(idHash)) return false;
  buffer.set(idHash, Math.max(nowMs, buffer.get(idHash) ?? 0));
  return true;
}

/** The last use this process noted and has not written yet. */
export const pendingTouch = (db: Db, idHash: string): number | undefined => buffers(db).get(idHash);

/** Writes what this process noted; the number of sessions written. */
export async function flushSessionTouches(db: Db): Promise<number> {
  const buffer = buffers(db);
  if (buffer.size === 0) return 0;
  const hashes = [...buffer.keys()];
  const times = hashes.map((hash) => new Date(buffer.get(hash)!).toISOString());
  buffer.clear();
  await sql`
    update sessions s set last_seen_at = t.at
    from unnest(${hashes}::text[], ${times}::timestamptz[]) as t(id_hash, at)
    where s.id_hash = t.id_hash and s.last_seen_at < t.at`.execute(db);
  return hashes.length;
}

/** Flushes every `everyMs` until stopped (the server's close flushes once more). */
export function startSessionToucher(db: Db, log: FastifyBaseLogger, everyMs = 5000): { stop(): Promise<void> } {
  return startPeriodicFlush(() => flushSessionTouches(db), log, "sessions' last use", everyMs);
}
