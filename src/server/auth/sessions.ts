import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, RunPrepared } from '../db/database';
import type { AuthContext } from '../http/auth-context';
import { announceSessionChange, type SessionCache } from './session-cache';
import { noteSessionTouch, pendingTouch } from './session-touches';

export interface SessionPolicy {
  idleMinutes: number;
  /** A student's session (an account linked to a student record) ends after this much idleness instead. */
  studentIdleMinutes?: number;
  absoluteHours: number;
}

/** How long a session may go unused: shorter for a student, whose school computer the next class uses. */
const idleMsOf = (policy: SessionPolicy, student: boolean) =>
  (student ? (policy.studentIdleMinutes ?? policy.idleMinutes) : policy.idleMinutes) * 60_000;

/**
 * Last-seen is written at most this often, so a busy exam does not turn every read into a write;
 * never less often than a quarter of the idle timeout, so a stale last-seen cannot end a session
 * that is in use.
 */
const touchIntervalMs = (idleMs: number) => Math.min(60_000, idleMs / 4);

/** Whether an account is a student's (linked to a student record). */
export async function isStudentAccount(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('students').select('id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * The session cookie's options. A student's lives as long as the browser (no Max-Age or Expires:
 * closing the browser of a shared school computer signs them out; the server ends it sooner when
 * idle); staff keep theirs for the session's absolute lifetime.
 */
export function sessionCookieOptions(policy: SessionPolicy, secure: boolean, student: boolean) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    ...(student ? {} : { maxAge: policy.absoluteHours * 3600 }),
  };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session with a fresh 256-bit random id; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: number,
  policy: SessionPolicy,
  meta: { ip?: string; userAgent?: string; ssoProviderId?: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashToken(token),
      user_id: userId,
      last_seen_at: new Date(now),
      expires_at: new Date(now + policy.absoluteHours * 3_600_000),
      ip: meta.ip?.slice(0, 64) ?? null,
      user_agent: meta.userAgent?.slice(0, 400) ?? null,
      sso_provider_id: meta.ssoProviderId ?? null,
    })
    .execute();
  return token;
}

/**
 * Resolves a cookie value to who is calling, or null when the session is unknown, idle too long,
 * past its absolute lifetime, or its user is disabled. Dead sessions are removed on sight. With a
 * cache, a session read in the last few seconds is not read again (see SessionCache).
 */
export async function loadSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  options: { cache?: SessionCache; runPrepared?: RunPrepared; mfaRequiredRoles?: readonly string[] } = {},
): Promise<AuthContext | null> {
  const { cache, runPrepared, mfaRequiredRoles = [] } = options;
  const idHash = hashToken(token);
  const now = Date.now();
  const cached = cache?.find(idHash, now);
  if (cached && now >= cached.expiresMs) {
    await endSession(db, idHash);
    return null;
  }
  const cachedIdleMs = cached ? (cached.idleMs ?? idleMsOf(policy, false)) : 0;
  // Idle by this process's copy only: another process may have served it since (its last use is in
  // the database), so the database decides below.
  if (cached && now >= cached.lastSeenMs + cachedIdleMs) cache!.drop(idHash);
  else if (cached) {
    if (now - cached.lastSeenMs > touchIntervalMs(cachedIdleMs)) {
      await touchSession(db, idHash, now);
      cached.lastSeenMs = now;
    }
    return cached.auth;
  }

  const epoch = cache?.epoch ?? 0;
  const row = await readSession(db, idHash, runPrepared);
  if (!row) return null;
  // This process's own later use, noted and not written yet, counts as well (session-touches.ts).
  const lastSeen = Math.max(new Date(row.last_seen_at).getTime(), pendingTouch(db, idHash) ?? 0);
  const expires = new Date(row.expires_at).getTime();
  const idleMs = idleMsOf(policy, row.is_student);
  if (!row.is_active || now >= expires || now >= lastSeen + idleMs) {
    await endSession(db, idHash);
    return null;
  }
  let lastSeenMs = lastSeen;
  if (now - lastSeen > touchIntervalMs(idleMs)) {
    await touchSession(db, idHash, now);
    lastSeenMs = now;
  }
  const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  const roles = parse(row.roles);
  const auth: AuthContext = {
    sessionHash: idHash,
    user: { id: row.id, name: row.name, email: row.email, username: row.username },
    roles,
    permissions: new Set(parse(row.permissions)),
    // A session opened through single sign-on leaves the second factor to the provider (docs/security.md).
    mfa: {
      enabled: row.mfa_enabled,
      required:
        !row.is_student && row.sso_provider_id === null && roles.some((role) => mfaRequiredRoles.includes(role.role)),
    },
    ssoProviderId: row.sso_provider_id,
  };
  cache?.keep(idHash, { auth, lastSeenMs, expiresMs: expires, cachedAtMs: now, idleMs }, epoch);
  return auth;
}

/** One round trip: the session, its user, the roles and the permissions together (prepared when it can be). */
async function readSession(db: Db, idHash: string, runPrepared?: RunPrepared) {
  const query = sql<{
    last_seen_at: Date;
    expires_at: Date;
    id: number;
    name: string;
    email: string | null;
    username: string | null;
    is_active: boolean;
    is_student: boolean;
    mfa_enabled: boolean;
    sso_provider_id: number | null;
    roles: { name: string; name_ar: string; role: string }[] | string;
    permissions: string[] | string;
  }>`
    select s.last_seen_at, s.expires_at, s.sso_provider_id, u.id, u.name, u.email, u.username, u.is_active,
      exists(select 1 from students st where st.user_id = u.id) as is_student,
      u.mfa_enabled_at is not null as mfa_enabled,
      coalesce((select json_agg(json_build_object('name', r.name, 'name_ar', r.name_ar, 'role', r.role) order by r.id)
                from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]') as roles,
      coalesce((select json_agg(distinct p.permission)
                from user_roles ur
                join role_permissions rp on rp.role_id = ur.role_id
                join permissions p on p.id = rp.permission_id
                where ur.user_id = u.id), '[]') as permissions
    from sessions s join users u on u.id = s.user_id
    where s.id_hash = ${idHash}`;
  const { rows } = runPrepared ? await runPrepared('ltm_read_session', query.compile(db)) : await query.execute(db);
  return rows[0];
}

/** A session's use: noted, and written with the others in a few seconds (or at once when the notes are full). */
async function touchSession(db: Db, idHash: string, nowMs: number) {
  if (noteSessionTouch(db, idHash, nowMs)) return;
  await db
    .updateTable('sessions')
    .set({ last_seen_at: new Date(nowMs) })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function endSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  await announceSessionChange(db, { session: idHash });
}

/** Ends every session of a user, optionally keeping the caller's own. */
export async function endUserSessions(db: Db, userId: number, keepHash?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepHash) query = query.where('id_hash', '!=', keepHash);
  await query.execute();
  // The kept session is forgotten too: its roles or name may be what changed.
  await announceSessionChange(db, { user: userId });
}

/** A role's permissions changed: every process reads every session again. */
export const everyonesAccessChanged = (db: Db) => announceSessionChange(db, { everyone: true });

/** A user's name or email changed: every process reads their sessions again. */
export const userDetailsChanged = (db: Db, userId: number) => announceSessionChange(db, { user: userId });
