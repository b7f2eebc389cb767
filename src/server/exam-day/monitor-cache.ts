import type { Db } from '../db/database';
import { perDatabase } from '../db/per-database';

/**
 * Supervisors of one exam poll its monitor every few seconds, often the same page, and a reading of
 * 10,000 students costs the database about a tenth of a second of two cores: for a moment
 * (MONITOR_CACHE_MS, 2 s by default), twenty screens share what one reading found. A reading a
 * little older than that (up to three times) is still answered while the next one is made beside
 * it, so a supervisor seldom waits for a reading at all.
 */
const MAX_VIEWS = 500;

interface Kept {
  at: number;
  examId: number;
  answer: Promise<unknown>;
  /** The reading was made (not failed), so it may be answered while a newer one is made. */
  ready: boolean;
  refreshing: boolean;
}

const caches = perDatabase(() => ({ views: new Map<string, Kept>(), generations: new Map<number, number>() }));

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
  const kept = cache.views.get(key);
  const age = kept ? nowMs - kept.at : -1;
  if (kept && age >= 0 && age < ttlMs) return kept.answer as Promise<T>;
  if (kept?.ready && age >= 0 && age < ttlMs * 3) {
    if (!kept.refreshing) {
      kept.refreshing = true;
      void start(cache, { key, examId, at: nowMs, read, now: false });
    }
    return kept.answer as Promise<T>;
  }
  if (cache.views.size >= MAX_VIEWS) cache.views.clear();
  return start(cache, { key, examId, at: nowMs, read, now: true });
}

/**
 * Makes a reading: kept at once (`now`: readers who come meanwhile wait for it), or once made (a
 * refresh: readers meanwhile get the one before). One started before its exam's readings were
 * forgotten is not kept; a failed one is forgotten, so the next reader tries again.
 */
function start<T>(
  cache: ReturnType<typeof caches>,
  reading: { key: string; examId: number; at: number; read: () => Promise<T>; now: boolean },
): Promise<T> {
  const { key, examId, at, read, now } = reading;
  const generation = cache.generations.get(examId) ?? 0;
  const entry: Kept = { at, examId, answer: read(), ready: false, refreshing: false };
  if (now) cache.views.set(key, entry);
  entry.answer.then(
    () => {
      entry.ready = true;
      if ((cache.generations.get(examId) ?? 0) !== generation) {
        if (cache.views.get(key) === entry) cache.views.delete(key);
      } else if (!now) cache.views.set(key, entry);
    },
    () => {
      if (cache.views.get(key) === entry) cache.views.delete(key);
      const before = cache.views.get(key);
      if (before) before.refreshing = false;
    },
  );
  return entry.answer as Promise<T>;
}

/** Forgets an exam's readings (an intervention or a release changed it): its supervisors see it at once. */
export function forgetReadings(db: Db, examId: number): void {
  const cache = caches(db);
  cache.generations.set(examId, (cache.generations.get(examId) ?? 0) + 1);
  for (const [key, kept] of cache.views) if (kept.examId === examId) cache.views.delete(key);
}
