import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Each role's permissions on a freshly prepared database, pinned in role-defaults.json (the README's
 * roles table in full). `UPDATE_ROLE_DEFAULTS=1` rewrites the file: review the diff.
 */
const FILE = new URL('./role-defaults.json', import.meta.url);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function permissionsOf(role: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('roles')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select('permissions.permission')
    .where('roles.role', '=', role)
    .execute();
  return rows.map((r) => r.permission).sort();
}

describe('default permissions of each role', () => {
  it('match the pinned sets, and only the admin reads users, roles and permissions', async () => {
    const observed: Record<string, string[]> = {};
    for (const role of Object.values(ROLES).filter((r) => r !== ROLES.admin))
      observed[role] = await permissionsOf(role);
    if (process.env.UPDATE_ROLE_DEFAULTS) fs.writeFileSync(FILE, `${JSON.stringify(observed, null, 2)}\n`);
    expect(observed).toEqual(JSON.parse(fs.readFileSync(FILE, 'utf8')));
    for (const [role, granted] of Object.entries(observed)) {
      expect(
        granted.filter((p) => /\.(users|roles|demo-requests)\./.test(p)),
        role,
      ).toEqual([]);
    }
  });

  it('gives the admin every permission of the catalog', async () => {
    const all = (await t.db.selectFrom('permissions').select('permission').execute()).map((p) => p.permission).sort();
    expect(await permissionsOf(ROLES.admin)).toEqual(all);
  });
});
