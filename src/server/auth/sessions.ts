import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AuthContext } from './auth-context';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** Last-seen is written at most this often, so a busy exam does not turn every read into a write. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session with a fresh 256-bit random id; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: number,
  policy: SessionPolicy,
  meta: { ip?: string; userAgent?: string },
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
    })
    .execute();
  return token;
}

export async function permissionsOfUser(db: Db, userId: number) {
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.name', 'roles.name_ar', 'roles.role'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.id')
    .execute();
  const permissions = await db
    .selectFrom('user_roles')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select('permissions.permission')
    .distinct()
    .where('user_roles.user_id', '=', userId)
    .orderBy('permissions.permission')
    .execute();
  return { roles, permissions: permissions.map((p) => p.permission) };
}

/**
 * Resolves a cookie value to who is calling, or null when the session is unknown, idle too long,
 * past its absolute lifetime, or its user is disabled. Dead sessions are removed on sight.
 */
export async function loadSession(db: Db, token: string, policy: SessionPolicy): Promise<AuthContext | null> {
  const idHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.last_seen_at', 'sessions.expires_at', 'users.id', 'users.name', 'users.email', 'users.is_active'])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return null;

  const now = Date.now();
  const idleDeadline = new Date(row.last_seen_at).getTime() + policy.idleMinutes * 60_000;
  if (!row.is_active || now >= new Date(row.expires_at).getTime() || now >= idleDeadline) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return null;
  }
  if (now - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id_hash', '=', idHash).execute();
  }
  const { roles, permissions } = await permissionsOfUser(db, row.id);
  return {
    sessionHash: idHash,
    user: { id: row.id, name: row.name, email: row.email },
    roles,
    permissions: new Set(permissions),
  };
}

export async function endSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Ends every session of a user, optionally keeping the caller's own. */
export async function endUserSessions(db: Db, userId: number, keepHash?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepHash) query = query.where('id_hash', '!=', keepHash);
  await query.execute();
}
