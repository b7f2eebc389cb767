import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../auth';
import { endUserSessions, userDetailsChanged } from '../auth';
import { recordAudit, type AuditContext } from '../audit';

/**
 * Renames a user, audited with the name before and after (issue 39): the audit log keeps each
 * actor's name as it was, and this entry says when it changed (the entry itself under the old one).
 */
export async function renameUser(db: Db, userId: number, name: string, audit: AuditContext): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
    if (before.name === name) return;
    await recordAudit(trx, {
      ...audit,
      action: 'users.rename',
      target: `users/${userId}`,
      summary: { before: { name: before.name }, after: { name } },
    });
    await trx
      .updateTable('users')
      .set({ name, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    await userDetailsChanged(trx, userId);
  });
}

/**
 * Changes a password after checking the current one (a wrong one is a field error, not a 401), and
 * ends the user's other sessions with it: every process hears of both or neither. The slow hashing
 * happens before the transaction, which holds a connection for two statements only.
 */
export async function changeOwnPassword(
  db: Db,
  userId: number,
  passwords: { current: string; next: string },
  keepSession: string,
): Promise<void> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(passwords.current, user.password_hash))) {
    throw new AppError(422, 'errors.invalid_input', undefined, { current_password: ['errors.wrong_current_password'] });
  }
  await replacePassword(db, userId, passwords.next, keepSession);
}

/**
 * Sets a new password and ends the user's sessions (but `keepSession`) in one transaction, so every
 * process hears of both or neither; the slow hashing happens first, outside it. A staff account
 * may not take a common password (422).
 */
export async function replacePassword(
  db: Db,
  userId: number,
  password: string,
  keepSession?: string,
  /** Written in the same transaction (the audit log's entry). */
  alongside?: (trx: Db) => Promise<void>,
) {
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.role')
    .where('user_roles.user_id', '=', userId)
    .execute();
  assertPasswordAllowed(
    password,
    roles.map((r) => r.role),
  );
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    await endUserSessions(trx, userId, keepSession);
    await alongside?.(trx);
  });
}

/** Disabling a user ends all of that user's sessions at once. */
export async function setUserActive(db: Db, userId: number, active: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ is_active: active, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    if (!active) await endUserSessions(trx, userId);
  });
}

/** Deleting a user removes its sessions and role links with it (foreign keys cascade). */
export async function deleteUser(
  db: Db,
  userId: number,
  /** Written in the same transaction (the audit log's entry). */
  alongside?: (trx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await endUserSessions(trx, userId);
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await alongside?.(trx);
  });
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
  roles: string[];
}

/** Inserts a user with the roles named (those that exist), inside the caller's transaction. */
export async function insertUser(trx: Db, input: Omit<NewUser, 'password'>, passwordHash: string): Promise<number> {
  const { id } = await trx
    .insertInto('users')
    .values({ name: input.name, email: input.email.trim(), password_hash: passwordHash })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.roles.length > 0) {
    const roles = await trx.selectFrom('roles').select('id').where('role', 'in', input.roles).execute();
    if (roles.length > 0)
      await trx
        .insertInto('user_roles')
        .values(roles.map((r) => ({ user_id: id, role_id: r.id })))
        .execute();
  }
  return id;
}

export async function createUser(db: Db, input: NewUser): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute((trx) => insertUser(trx, input, passwordHash));
}
