import { randomBytes } from 'node:crypto';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/database';
import { hashPassword } from '../../src/server/auth/passwords';
import { insertUser } from '../../src/server/users/users-service';
import { PLATFORMS_VIEW } from '../../src/common/permissions';
import { call, sessionCookie } from './api-client';

export const TEST_PASSWORD = 'Test-pass-2026';

/**
 * Factory accounts' hashes: scrypt at N=1024 (2 ms) instead of the product's 16384 (34 ms), made
 * once per password and worker. A sign-in checks a hash with the parameters it carries, so these
 * accounts sign in through the real check; about 2,200 hashes and checks a run cost 75 s of CPU
 * on each database at the product's cost. Accounts made through the API keep the product's.
 */
const FACTORY_COST = { N: 1024, r: 8, p: 1 };
const factoryHashes = new Map<string, Promise<string>>();
function factoryHash(password: string): Promise<string> {
  const known = factoryHashes.get(password) ?? hashPassword(password, FACTORY_COST);
  factoryHashes.set(password, known);
  return known;
}

/** A user holding one of the stored roles. */
export async function buildUser(
  db: Db,
  overrides: { role?: string; email?: string; name?: string; password?: string } = {},
) {
  const email = overrides.email ?? `user-${randomBytes(4).toString('hex')}@example.test`;
  const password = overrides.password ?? TEST_PASSWORD;
  const passwordHash = await factoryHash(password);
  const id = await db
    .transaction()
    .execute((trx) =>
      insertUser(
        trx,
        { name: overrides.name ?? 'Test User', email, roles: overrides.role ? [overrides.role] : [] },
        passwordHash,
      ),
    );
  return { id, email, password };
}

/** A user with exactly these permissions, through a role made for it (platforms-view unless told otherwise). */
export async function buildUserWithPermissions(
  db: Db,
  permissions: string[],
  options: { withPlatformsView?: boolean } = {},
) {
  const wanted = options.withPlatformsView === false ? permissions : [PLATFORMS_VIEW, ...permissions];
  const roleName = `com.ltm.roles.test-${randomBytes(4).toString('hex')}`;
  const role = await db
    .insertInto('roles')
    .values({ role: roleName, name: 'Test role', name_ar: 'دور اختبار' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (wanted.length > 0) {
    await db
      .insertInto('permissions')
      .values(wanted.map((permission) => ({ permission })))
      .onConflict((oc) => oc.column('permission').doNothing())
      .execute();
    const rows = await db.selectFrom('permissions').select('id').where('permission', 'in', wanted).execute();
    await db
      .insertInto('role_permissions')
      .values(rows.map((p) => ({ role_id: role.id, permission_id: p.id })))
      .execute();
  }
  return buildUser(db, { role: roleName });
}

/** Signs in and returns the Cookie header value. */
export async function signIn(app: App, user: { email: string; password: string }): Promise<string> {
  const response = await call(app, 'POST', '/api/login', { email: user.email, password: user.password });
  return sessionCookie(response);
}
