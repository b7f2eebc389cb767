import { sql } from 'kysely';
import { ROLES } from '../../common/permissions';
import type { Db } from '../db/database';
import { AppError, invalid } from '../http/app-error';
import { assertPasswordAllowed, endUserSessions, hashPassword, userDetailsChanged } from '../auth';
import { recordAudit, type AuditContext } from '../audit';
import { deleteUser, insertUser, replacePassword } from './users-service';
import { emailTaken } from './users-queries';

/** Who is acting: rules differ when an administrator acts on their own account. */
export interface Actor {
  userId: number;
  sessionHash: string;
  /** Where the request came from, for the audit log. */
  audit: AuditContext;
}

/** What the audit log keeps of a user (never a password or its hash). */
async function snapshot(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['name', 'email', 'is_active'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.role')
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.role')
    .execute();
  const schools = await db
    .selectFrom('user_schools')
    .select('school_id')
    .where('user_id', '=', userId)
    .orderBy('school_id')
    .execute();
  return { ...user, roles: roles.map((r) => r.role), school_ids: schools.map((r) => r.school_id) };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The fields that differ, before and after. */
function changed(before: Snapshot, after: Snapshot) {
  const keys = (Object.keys(after) as (keyof Snapshot)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

const audit = (trx: Db, actor: Actor, action: string, userId: number, summary: Record<string, unknown>) =>
  recordAudit(trx, { ...actor.audit, action, target: `users/${userId}`, summary });

async function roleId(db: Db, role: string): Promise<number> {
  const row = await db.selectFrom('roles').select('id').where('role', '=', role).executeTakeFirst();
  if (!row) throw invalid({ role: ['validation.role_not_found'] });
  return row.id;
}

/** The actor's own session stays when they change their own account. */
const ownSession = (userId: number, actor: Actor) => (userId === actor.userId ? actor.sessionHash : undefined);

/** The actor's own sessions stay; everyone else's end when their access changes. */
const endSessionsAfterChange = (db: Db, userId: number, actor: Actor) =>
  endUserSessions(db, userId, ownSession(userId, actor));

/** Every linked school must exist. */
async function checkSchools(db: Db, ids: number[] | undefined) {
  if (!ids || ids.length === 0) return;
  const found = await db
    .selectFrom('schools')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .execute();
  if (found.length !== new Set(ids).size) throw invalid({ school_ids: ['validation.reference_not_found'] });
}

/** Replaces the schools a user is linked to (school staff see only theirs). */
async function linkSchools(db: Db, userId: number, ids: number[]) {
  await db.deleteFrom('user_schools').where('user_id', '=', userId).execute();
  const unique = [...new Set(ids)];
  if (unique.length > 0)
    await db
      .insertInto('user_schools')
      .values(unique.map((school_id) => ({ user_id: userId, school_id })))
      .execute();
}

export async function createManagedUser(
  db: Db,
  actor: Actor,
  input: {
    name: string;
    email: string;
    password: string;
    roles: string[];
    is_active?: boolean;
    school_ids?: number[];
  },
) {
  if (await emailTaken(db, input.email)) throw invalid({ email: ['validation.email_taken'] });
  assertPasswordAllowed(input.password, input.roles);
  for (const role of input.roles) await roleId(db, role);
  await checkSchools(db, input.school_ids);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const id = await insertUser(trx, input, passwordHash);
    if (input.is_active === false)
      await trx.updateTable('users').set({ is_active: false }).where('id', '=', id).execute();
    if (input.school_ids) await linkSchools(trx, id, input.school_ids);
    await audit(trx, actor, 'users.create', id, { after: await snapshot(trx, id) });
    return id;
  });
}

export async function updateManagedUser(
  db: Db,
  actor: Actor,
  id: number,
  input: { name: string; email: string; is_active?: boolean | null; school_ids?: number[] },
) {
  if (await emailTaken(db, input.email, id)) throw invalid({ email: ['validation.email_taken'] });
  await checkSchools(db, input.school_ids);
  const active = input.is_active ?? true;
  if (id === actor.userId && !active) throw new AppError(418, 'errors.cannot_disable_self');
  await db.transaction().execute(async (trx) => {
    const before = await snapshot(trx, id);
    await trx
      .updateTable('users')
      .set({ name: input.name, email: input.email.trim(), is_active: active, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    // Left out, the links stay as they are (a client that does not know them changes nothing).
    if (input.school_ids) await linkSchools(trx, id, input.school_ids);
    if (active) await userDetailsChanged(trx, id);
    else await endUserSessions(trx, id);
    await audit(trx, actor, 'users.update', id, changed(before, await snapshot(trx, id)));
  });
}

export async function deleteManagedUser(db: Db, actor: Actor, id: number) {
  if (id === actor.userId) throw new AppError(418, 'errors.cannot_delete_self');
  const { name, email, roles } = await snapshot(db, id);
  await deleteUser(db, id, (trx) => audit(trx, actor, 'users.delete', id, { before: { name, email, roles } }));
}

/** A role given or taken, with the user's roles before and after. */
async function changeRole(
  db: Db,
  actor: Actor,
  change: { userId: number; role: string; action: 'roles.assign' | 'roles.remove' },
  apply: (trx: Db) => Promise<unknown>,
) {
  await db.transaction().execute(async (trx) => {
    const before = (await snapshot(trx, change.userId)).roles;
    await apply(trx);
    await endSessionsAfterChange(trx, change.userId, actor);
    const after = (await snapshot(trx, change.userId)).roles;
    await audit(trx, actor, change.action, change.userId, { role: change.role, before, after });
  });
}

/** Access changes and the sessions they end commit together, so every process hears of both or neither. */
export async function assignRole(db: Db, actor: Actor, userId: number, role: string) {
  const id = await roleId(db, role);
  await changeRole(db, actor, { userId, role, action: 'roles.assign' }, (trx) =>
    trx
      .insertInto('user_roles')
      .values({ user_id: userId, role_id: id })
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
}

export async function removeRole(db: Db, actor: Actor, userId: number, role: string) {
  const id = await roleId(db, role);
  if (userId === actor.userId && role === ROLES.admin) throw new AppError(418, 'errors.cannot_remove_own_admin');
  await changeRole(db, actor, { userId, role, action: 'roles.remove' }, (trx) =>
    trx.deleteFrom('user_roles').where('user_id', '=', userId).where('role_id', '=', id).execute(),
  );
}

export async function setPassword(db: Db, actor: Actor, userId: number, password: string) {
  const { email } = await snapshot(db, userId);
  await replacePassword(db, userId, password, ownSession(userId, actor), (trx) =>
    audit(trx, actor, 'users.set_password', userId, { email, sessions_ended: true }),
  );
}
