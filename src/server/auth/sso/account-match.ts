import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { recordAudit, type AuditContext } from '../../audit';
import { claimValues, mappedRoles, mappedSchools, parseRoleMap, parseSchoolMap } from '../../../common/sso-claims';
import { hashPassword } from '../passwords';
import { endUserSessions } from '../sessions';

/** Why a provider's answer signs nobody in: the sign-in page says it in the reader's language. */
export type SsoRefusal = 'unknown_account' | 'no_role' | 'disabled' | 'email_taken';

export class SsoRefused extends Error {
  constructor(readonly reason: SsoRefusal) {
    super(reason);
  }
}

/** What matching needs of a provider's settings. */
export interface MatchingProvider {
  id: number;
  key: string;
  allow_create: boolean;
  role_claim: string | null;
  role_map: string | null;
  school_claim: string | null;
  school_map: string | null;
  student_claim: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

async function link(db: Db, providerId: number, subject: string, userId: number) {
  await db.insertInto('sso_identities').values({ provider_id: providerId, subject, user_id: userId }).execute();
}

/**
 * A student matched by the configured claim (their student number), compared as the roster keeps
 * numbers unique: without regard to case, so one record at most.
 */
async function studentAccount(db: Db, provider: MatchingProvider, claims: Record<string, unknown>) {
  const [number] = claimValues(claims, provider.student_claim);
  if (!number) return null;
  const row = await db
    .selectFrom('students')
    .select('user_id')
    .where((eb) => eb(eb.fn('lower', ['student_number']), '=', number.toLowerCase()))
    .where('user_id', 'is not', null)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * The schools here the claims name under the provider's mapping: only those that still exist (a
 * school deleted since the mapping was saved is skipped, not a failed sign-in).
 */
async function schoolsNamed(db: Db, provider: MatchingProvider, claims: Record<string, unknown>) {
  const ids = mappedSchools(claims, provider.school_claim, parseSchoolMap(provider.school_map).rules);
  if (ids.length === 0) return [];
  const found = await db.selectFrom('schools').select('id').where('id', 'in', ids).execute();
  return found.map((row) => row.id);
}

/** A staff account made at its first sign-in, where the administrator allows it; no password anyone knows. */
async function createdAccount(
  db: Db,
  provider: MatchingProvider,
  claims: Record<string, unknown>,
  audit: AuditContext,
) {
  const roles = mappedRoles(claims, provider.role_claim, parseRoleMap(provider.role_map).rules);
  if (!provider.allow_create || roles.length === 0) return null;
  const email = claims.email_verified === false ? null : text(claims.email);
  if (email) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    // Never joined to an existing account by its e-mail alone: an administrator links it.
    if (taken) throw new SsoRefused('email_taken');
  }
  const name = (text(claims.name) ?? text(claims.preferred_username) ?? email ?? String(claims.sub)).slice(0, 255);
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('users')
      .values({ name, email, password_hash: passwordHash })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roleRows = await trx.selectFrom('roles').select('id').where('role', 'in', roles).execute();
    await trx
      .insertInto('user_roles')
      .values(roleRows.map((r) => ({ user_id: id, role_id: r.id })))
      .execute();
    const schools = await schoolsNamed(trx, provider, claims);
    if (schools.length > 0)
      await trx
        .insertInto('user_schools')
        .values(schools.map((schoolId) => ({ user_id: id, school_id: schoolId })))
        .execute();
    await link(trx, provider.id, String(claims.sub), id);
    await recordAudit(trx, {
      ...audit,
      actorId: id,
      action: 'users.sso_create',
      target: `users/${id}`,
      summary: { provider: provider.key, roles, schools },
    });
    return id;
  });
}

/**
 * The roles the provider's mapping manages follow the claims at every sign-in: one the claims no
 * longer qualify for is taken away, one they now qualify for is given; roles the mapping never
 * grants are left alone. A change is audited; whether there was one is returned.
 */
async function followClaims(
  db: Db,
  provider: MatchingProvider,
  userId: number,
  claims: Record<string, unknown>,
  audit: AuditContext,
): Promise<boolean> {
  const { rules } = parseRoleMap(provider.role_map);
  if (rules.length === 0 || !provider.role_claim) return false;
  const managed = new Set(rules.map((rule) => rule.role));
  const wanted = new Set(mappedRoles(claims, provider.role_claim, rules));
  const held = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.role'])
    .where('user_roles.user_id', '=', userId)
    .execute();
  const remove = held.filter((r) => managed.has(r.role) && !wanted.has(r.role));
  const add = [...wanted].filter((role) => !held.some((r) => r.role === role));
  if (remove.length === 0 && add.length === 0) return false;
  await db.transaction().execute(async (trx) => {
    if (remove.length > 0)
      await trx
        .deleteFrom('user_roles')
        .where('user_id', '=', userId)
        .where(
          'role_id',
          'in',
          remove.map((r) => r.id),
        )
        .execute();
    if (add.length > 0) {
      const rows = await trx.selectFrom('roles').select('id').where('role', 'in', add).execute();
      await trx
        .insertInto('user_roles')
        .values(rows.map((r) => ({ user_id: userId, role_id: r.id })))
        .execute();
    }
    await recordAudit(trx, {
      ...audit,
      actorId: userId,
      action: 'users.sso_roles',
      target: `users/${userId}`,
      summary: { provider: provider.key, removed: remove.map((r) => r.role), added: add },
    });
  });
  return true;
}

/**
 * The schools the provider's school mapping manages follow the claims at every sign-in, as roles
 * do: one the claims no longer name is taken away, one they now name is given; schools the mapping
 * never names are left alone. A change is audited; whether there was one is returned.
 */
async function followSchools(
  db: Db,
  provider: MatchingProvider,
  userId: number,
  claims: Record<string, unknown>,
  audit: AuditContext,
): Promise<boolean> {
  const { rules } = parseSchoolMap(provider.school_map);
  if (rules.length === 0 || !provider.school_claim) return false;
  const managed = new Set(rules.map((rule) => rule.schoolId));
  const wanted = new Set(await schoolsNamed(db, provider, claims));
  const held = (await db.selectFrom('user_schools').select('school_id').where('user_id', '=', userId).execute()).map(
    (row) => row.school_id,
  );
  const remove = held.filter((id) => managed.has(id) && !wanted.has(id));
  const add = [...wanted].filter((id) => !held.includes(id));
  if (remove.length === 0 && add.length === 0) return false;
  await db.transaction().execute(async (trx) => {
    if (remove.length > 0)
      await trx.deleteFrom('user_schools').where('user_id', '=', userId).where('school_id', 'in', remove).execute();
    if (add.length > 0)
      await trx
        .insertInto('user_schools')
        .values(add.map((schoolId) => ({ user_id: userId, school_id: schoolId })))
        // Another sign-in of the same person at the same moment gave it already.
        .onConflict((oc) => oc.doNothing())
        .execute();
    await recordAudit(trx, {
      ...audit,
      actorId: userId,
      action: 'users.sso_schools',
      target: `users/${userId}`,
      summary: { provider: provider.key, removed: remove, added: add },
    });
  });
  return true;
}

/**
 * The account a provider's verified claims sign in: the one linked to its subject; else a student
 * matched by the configured claim (then linked); else one created where allowed. Never by e-mail
 * alone. Staff roles and schools then follow the claims; an account left with no role, or disabled, is refused.
 */
export async function accountFor(
  db: Db,
  provider: MatchingProvider,
  claims: Record<string, unknown>,
  audit: AuditContext,
): Promise<number> {
  const subject = String(claims.sub);
  const linked = await db
    .selectFrom('sso_identities')
    .select('user_id')
    .where('provider_id', '=', provider.id)
    .where('subject', '=', subject)
    .executeTakeFirst();
  let userId = linked?.user_id ?? null;
  if (userId === null) {
    userId = await studentAccount(db, provider, claims);
    if (userId !== null) await link(db, provider.id, subject, userId);
  }
  userId ??= await createdAccount(db, provider, claims, audit);
  if (userId === null) throw new SsoRefused('unknown_account');
  const user = await db.selectFrom('users').select('is_active').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!user.is_active) throw new SsoRefused('disabled');
  const student = await db.selectFrom('students').select('id').where('user_id', '=', userId).executeTakeFirst();
  if (!student) {
    const rolesChanged = await followClaims(db, provider, userId, claims, audit);
    let schoolsChanged = false;
    try {
      schoolsChanged = await followSchools(db, provider, userId, claims, audit);
    } finally {
      // A role change already made ends the sessions even when the schools' step fails.
      if (rolesChanged && !schoolsChanged) await endUserSessions(db, userId);
    }
    // What the account may reach changed: its other sessions end (once), as a role change by an administrator ends them.
    if (schoolsChanged) await endUserSessions(db, userId);
  }
  const roles = await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute();
  if (roles.length === 0) throw new SsoRefused('no_role');
  await db
    .updateTable('sso_identities')
    .set({ last_sign_in_at: new Date() })
    .where('provider_id', '=', provider.id)
    .where('subject', '=', subject)
    .execute();
  return userId;
}
