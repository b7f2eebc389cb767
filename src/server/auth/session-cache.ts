import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AuthContext } from '../http/auth-context';

/**
 * What changed: one session (a sign-out), everything of one user (roles, password, name, disabled),
 * or everyone's (a role's permissions).
 */
export type SessionChange = { session: string } | { user: number } | { everyone: true };

export interface CachedSession {
  auth: AuthContext;
  lastSeenMs: number;
  expiresMs: number;
  cachedAtMs: number;
  /** This session's idle limit (a student's is shorter); the policy's when absent. */
  idleMs?: number;
  /** Kept past its time until then (see `hold`). */
  heldUntilMs?: number;
}

/** The PostgreSQL channel on which every server process hears of session changes. */
export const SESSION_CHANNEL = 'ltm_sessions';

const MAX_ENTRIES = 50_000;

/**
 * Sessions as they were read from the database, kept a short while in this process so that a
 * student's saves every few seconds do not each read the session, its roles and its permissions.
 *
 * A change is forgotten here at once and announced to the other processes (PostgreSQL NOTIFY,
 * delivered when the change commits). While this process cannot hear the others (its listening
 * connection lost), it keeps nothing. A read that started before a change is not kept: every change
 * moves `epoch`, and `keep` refuses an entry read under an older one.
 */
export class SessionCache {
  private entries = new Map<string, CachedSession>();
  private epochValue = 0;

  constructor(
    private readonly ttlMs: number,
    private live: boolean,
  ) {}

  get epoch(): number {
    return this.epochValue;
  }

  find(idHash: string, nowMs: number): CachedSession | undefined {
    const entry = this.entries.get(idHash);
    if (!entry) return undefined;
    const stale = nowMs - entry.cachedAtMs >= this.ttlMs && nowMs >= (entry.heldUntilMs ?? 0);
    if (stale || nowMs < entry.cachedAtMs) {
      this.entries.delete(idHash);
      return undefined;
    }
    return entry;
  }

  keep(idHash: string, entry: CachedSession, epochAtRead: number): void {
    if (!this.live || this.ttlMs <= 0 || epochAtRead !== this.epochValue) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(idHash, entry);
  }

  /**
   * Keeps a session this process holds until `untilMs` even past its time (issue 29: a student's
   * start, whose saves follow; the first of them would otherwise read the session again, all at
   * once after a start rush). Safe because the cache is only ever kept while every change is heard:
   * a change forgets the entry at once, held or not, and the idle and absolute limits are checked on
   * every use.
   */
  hold(idHash: string, untilMs: number): void {
    const entry = this.entries.get(idHash);
    if (entry) entry.heldUntilMs = Math.max(entry.heldUntilMs ?? 0, untilMs);
  }

  /** Drops one entry without announcing anything (this process's copy is no longer trusted). */
  drop(idHash: string): void {
    this.entries.delete(idHash);
  }

  forget(change: SessionChange): void {
    this.epochValue += 1;
    if ('session' in change) {
      this.entries.delete(change.session);
      return;
    }
    if ('everyone' in change) {
      this.entries.clear();
      return;
    }
    for (const [hash, entry] of this.entries) if (entry.auth.user.id === change.user) this.entries.delete(hash);
  }

  /** Listening started or stopped: what was kept may have missed a change either way. */
  setLive(live: boolean): void {
    this.live = live;
    this.epochValue += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new Set<SessionCache>();

export function registerSessionCache(cache: SessionCache): () => void {
  caches.add(cache);
  return () => caches.delete(cache);
}

export const encodeSessionChange = (change: SessionChange) =>
  'session' in change ? `s:${change.session}` : 'everyone' in change ? 'a:*' : `u:${change.user}`;

export function decodeSessionChange(payload: string): SessionChange | null {
  const [kind, value] = [payload.slice(0, 2), payload.slice(2)];
  if (kind === 's:' && /^[0-9a-f]{64}$/.test(value)) return { session: value };
  if (kind === 'u:' && /^[0-9]+$/.test(value)) return { user: Number(value) };
  if (kind === 'a:' && value === '*') return { everyone: true };
  return null;
}

/**
 * Tells every process that a session or a user's access changed. Given the transaction that makes
 * the change, the notification goes out when it commits; this process forgets at once as well.
 */
export async function announceSessionChange(db: Db, change: SessionChange): Promise<void> {
  for (const cache of caches) cache.forget(change);
  await sql`select pg_notify(${SESSION_CHANNEL}, ${encodeSessionChange(change)})`.execute(db);
}
