import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, listPermissions } from '../../src/common/permission-catalog';
import { areaPermission, permissionFor, ROLES } from '../../src/common/permissions';
import { prepareDatabase } from '../../src/server/setup/prepare';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 41 (mission row 8): an administrator sets a role's permissions, audited; its users have the
 * new set from their next request (no sign-out), a restart keeps it, and every refusal is tested.
 */
let t: TestContext;
let admin: string;
let author: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
});
afterAll(() => t.close());

const roleOf = async (role: string) =>
  t.db.selectFrom('roles').select(['id', 'role']).where('role', '=', role).executeTakeFirstOrThrow();
const held = async (roleId: number) =>
  (
    await t.db
      .selectFrom('role_permissions')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select('permissions.permission')
      .where('role_permissions.role_id', '=', roleId)
      .execute()
  )
    .map((row) => row.permission)
    .sort();
const put = (roleId: number, permissions: unknown, cookie = admin, lang: 'en' | 'ar' = 'en') =>
  call(t.app, 'PUT', `/api/roles/${roleId}/permissions`, { permissions }, { cookie, lang });

describe("a role's permissions, set by an administrator", () => {
  it('replaces the set, answers the role, audits what changed, and takes effect on the next request', async () => {
    const role = await roleOf(ROLES.author);
    const before = await held(role.id);
    const createExams = permissionFor(AREAS.exams, 'create');
    expect(before).toContain(createExams);
    // The author's open session may add an exam now (an empty one is refused as invalid, not forbidden).
    const addExam = () => call(t.app, 'POST', '/api/exams', {}, { cookie: author });
    expect((await addExam()).statusCode).toBe(422);
    const next = before.filter((p) => p !== createExams);
    const saved = await put(role.id, next);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('The role’s permissions were saved. Its users have them from their next step.');
    expect(
      saved
        .json()
        .data.permissions.map((p: { permission: string }) => p.permission)
        .sort(),
    ).toEqual(next);
    expect(await held(role.id)).toEqual(next);
    // The same session, not signed in again: forbidden from its next request.
    expect((await addExam()).statusCode).toBe(403);
    const me = (await call(t.app, 'GET', '/api/user', undefined, { cookie: author })).json().data;
    expect(me.permissions.map((p: { permission: string }) => p.permission)).not.toContain(createExams);

    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'roles.set_permissions')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.target).toBe(`roles/${role.id}`);
    const summary = typeof entry.summary === 'string' ? JSON.parse(entry.summary) : entry.summary;
    expect(summary).toEqual({ role: ROLES.author, added: [], removed: [createExams] });

    // A restart keeps the administrator's choice: the default is not added back. A default the role
    // lacks that nobody took (a later release's, say) still reaches it.
    const editExams = permissionFor(AREAS.exams, 'edit');
    await t.db
      .deleteFrom('role_permissions')
      .where('role_id', '=', role.id)
      .where(
        'permission_id',
        '=',
        (
          await t.db
            .selectFrom('permissions')
            .select('id')
            .where('permission', '=', editExams)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    await prepareDatabase(t.db);
    expect(await held(role.id)).not.toContain(createExams);
    expect(await held(role.id)).toContain(editExams);

    // Given back, the same way.
    expect((await put(role.id, before)).statusCode).toBe(200);
    expect(await held(role.id)).toEqual(before);
  });

  it('refuses whoever may not, a role that does not exist, the administrator role and names that are not permissions', async () => {
    const role = await roleOf(ROLES.corrector);
    const before = await held(role.id);
    expect((await call(t.app, 'PUT', `/api/roles/${role.id}/permissions`, { permissions: [] })).statusCode).toBe(401);
    expect((await put(role.id, [], author)).statusCode).toBe(403);
    expect((await put(999_999, [])).statusCode).toBe(404);
    // Holding roles.edit is not enough: only an administrator sets permissions (a role could
    // otherwise grant itself anything).
    const schoolRole = await roleOf(ROLES.school);
    await t.db
      .insertInto('role_permissions')
      .columns(['role_id', 'permission_id'])
      .expression(
        t.db
          .selectFrom('permissions')
          .select([(eb) => eb.val(schoolRole.id).as('role_id'), 'id'])
          .where('permission', 'in', [permissionFor(AREAS.roles, 'edit'), ...listPermissions(AREAS.roles)]),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    const staff = await signIn(t.app, await buildUser(t.db, { role: ROLES.school }));
    expect((await put(schoolRole.id, [...before, permissionFor(AREAS.allSchools, 'view')], staff)).statusCode).toBe(
      403,
    );
    // Nor does any role but the administrator's hold users, roles or the audit log.
    const adminOnly = await put(role.id, [...before, areaPermission(AREAS.auditLog, 'view')]);
    expect(adminOnly.statusCode).toBe(422);
    expect(adminOnly.json().message).toBe(
      `Only the administrator role may hold these permissions: ${areaPermission(AREAS.auditLog, 'view')}.`,
    );

    const adminRole = await roleOf(ROLES.admin);
    const refusedAdmin = await put(adminRole.id, [], admin, 'ar');
    expect(refusedAdmin.statusCode).toBe(422);
    expect(refusedAdmin.json().errors.permissions).toEqual(['لدور مسؤول النظام جميع الصلاحيات دائمًا.']);

    const unknown = await put(role.id, [...before, 'com.ltm.permissions.nowhere.fly.nowhere']);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      message: 'These are not permissions of this console: com.ltm.permissions.nowhere.fly.nowhere.',
      errors: { permissions: ['Not a permission of this console.'] },
    });
    for (const bad of ['all', [1, 2], null])
      expect([400, 422], JSON.stringify(bad)).toContain((await put(role.id, bad)).statusCode);
    // Nothing refused changed anything.
    expect(await held(role.id)).toEqual(before);
    expect(await held(adminRole.id)).not.toHaveLength(0);
  });
});
