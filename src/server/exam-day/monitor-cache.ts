import type { Db } from '../db/database';
import { perDatabase } from '../db/per-database';

/**
 * Supervisors of one exam poll its monitor every few seconds, often the same page, and a reading of
 * 10,000 students costs the database about a tenth of a second of two cores: for a moment
 * (MONITOR_CACHE_MS, 2 s by default), twenty screens share what one reading found.
 */
const MAX_VIEWS = 500;

const caches = perDatabase(() => new Map<string, { at: number; examId: number; answer: Promise<unknown> }>());

/**
 * The reading of a view of an exam (`key`: who may see what, and what they asked), made at most once
 * per `ttlMs` (by the application's clock) by this process; readers who come while it is being made
 * wait for it.
 */
export function sharedReading<T>(
  db: Db,
  view: { examId: number; key: string; nowMs: number; ttlMs: number },
  read: () => Promise<T>,
): Promise<T> {
  const { examId, key, nowMs, ttlMs } = view;
  if (ttlMs <= 0) return read();
  const cache = caches(db);
  const kept = cache.get(key);
  if (kept && nowMs - kept.at < ttlMs && nowMs >= kept.at) return kept.answer as Promise<T>;
  if (cache.size >= MAX_VIEWS) cache.clear();
  const answer = read();
  cache.set(key, { at: nowMs, examId, answer });
  answer.catch(() => {
    if (cache.get(key)?.answer === answer) cache.delete(key);
  });
  return answer;
}

/** Forgets an exam's readings (an intervention or a release changed it): its supervisors see it at once. */
export function forgetReadings(db: Db, examId: number): void {
  const cache = caches(db);
  for (const [key, kept] of cache) if (kept.examId === examId) cache.delete(key);
}
