import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { perDatabase } from '../db/per-database';
import { startPeriodicFlush } from '../db/periodic-flush';

/**
 * What the exam-day monitor shows of a running attempt beyond its row (issue 26): when its player
 * was last heard from (a heartbeat or a save), its last save, and the answers its computer keeps
 * unsent. A request only notes it in this process's memory; a flush every few seconds writes what
 * every request noted in one statement (with each attempt's count of stored answers), apart from
 * the attempt's row, which the saves lock. Presence is a view for supervisors, not a guarantee: a
 * note lost with a crashed process is renewed by the next heartbeat.
 */
interface Noted {
  seen_at: string;
  saved_at: string | null;
  unsent: number | null;
}

const buffers = perDatabase(() => new Map<number, Noted>());
const MAX_NOTED = 200_000;

/** Notes that an attempt's player was heard from at `at`: by a save, or by a heartbeat telling its unsent answers. */
export function notePresence(db: Db, attemptId: number, at: Date, heard: { saved?: boolean; unsent?: number }): void {
  const buffer = buffers(db);
  if (buffer.size >= MAX_NOTED && !buffer.has(attemptId)) return;
  const before = buffer.get(attemptId);
  const iso = at.toISOString();
  buffer.set(attemptId, {
    seen_at: before && before.seen_at > iso ? before.seen_at : iso,
    saved_at: heard.saved ? iso : (before?.saved_at ?? null),
    unsent: heard.unsent ?? before?.unsent ?? null,
  });
}

/** Writes what this process noted; the number of attempts written. */
export async function flushPresence(db: Db): Promise<number> {
  const buffer = buffers(db);
  if (buffer.size === 0) return 0;
  const batch = [...buffer.entries()].map(([attempt_id, noted]) => ({ attempt_id, ...noted }));
  buffer.clear();
  await sql`
    insert into attempt_presence (attempt_id, last_seen_at, last_saved_at, unsent, answered)
    select x.attempt_id, x.seen_at, x.saved_at, x.unsent,
      (select count(*)::int from attempt_answers aa where aa.attempt_id = x.attempt_id)
    from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
      as x(attempt_id integer, seen_at timestamptz, saved_at timestamptz, unsent integer)
    where exists (select 1 from exam_attempts a where a.id = x.attempt_id)
    on conflict (attempt_id) do update set
      last_seen_at = greatest(attempt_presence.last_seen_at, excluded.last_seen_at),
      last_saved_at = greatest(attempt_presence.last_saved_at, excluded.last_saved_at),
      unsent = coalesce(excluded.unsent, attempt_presence.unsent),
      answered = excluded.answered`.execute(db);
  return batch.length;
}

/** Flushes every `everyMs` until stopped (the server's close flushes once more). */
export function startPresenceFlusher(db: Db, log: FastifyBaseLogger, everyMs = 2000): { stop(): Promise<void> } {
  return startPeriodicFlush(() => flushPresence(db), log, 'attempt presence', everyMs);
}
