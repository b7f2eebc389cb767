import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionFor, ROLES } from '../../src/common/permissions';
import { listPermissions } from '../../src/common/permission-catalog';
import { call } from '../helpers/api-client';
import { buildUser, buildUserWithPermissions, signIn, TEST_PASSWORD } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
let adminId: number;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t.db, { role: ROLES.admin, name: 'Chief' });
  adminId = user.id;
  admin = await signIn(t.app, user);
});
afterAll(() => t.close());

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: { lang?: 'en' | 'ar'; cookie?: string } = {},
) => call(t.app, method, url, body, { cookie: options.cookie ?? admin, lang: options.lang });

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rania',
  email: `rania-${Math.random().toString(36).slice(2, 8)}@example.test`,
  password: 'Strong-pass-1',
  password_confirmation: 'Strong-pass-1',
  roles: [ROLES.author],
  ...overrides,
});

describe('users management', () => {
  it('creates a user with roles, lists with role chips, reads, updates and deletes', async () => {
    const created = await api('POST', '/api/users', newUser({ name: 'Rania Author' }));
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json().data;
    expect(user).toMatchObject({
      name: 'Rania Author',
      is_active: true,
      roles: [{ role: ROLES.author, name: 'Exam author' }],
    });
    expect(user.password_hash).toBeUndefined();
    expect((await call(t.app, 'POST', '/api/login', { email: user.email, password: 'Strong-pass-1' })).statusCode).toBe(
      200,
    );

    const list = await api('GET', '/api/users?search=Rania%20Author', undefined, { lang: 'ar' });
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: user.id, roles: [expect.objectContaining({ name: 'معدّ الاختبارات' })] }),
    ]);
    expect(list.json().meta).toMatchObject({ total: 1, current_page: 1 });

    const updated = await api('PUT', `/api/users/${user.id}`, {
      ...user,
      name: 'Rania A.',
      email: user.email.toUpperCase(),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.name).toBe('Rania A.');

    expect((await api('DELETE', `/api/users/${user.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/users/${user.id}`)).statusCode).toBe(404);
  });

  it('gives the spec messages for the users form in both languages', async () => {
    const en = await api('POST', '/api/users', {});
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
    });
    const invalid = await api('POST', '/api/users', newUser({ email: 'not-an-email' }));
    expect(invalid.json().errors).toEqual({ email: ['Email is invalid'] });
    const ar = await api('POST', '/api/users', { name: '', email: 'x@' }, { lang: 'ar' });
    expect(ar.json().errors).toEqual({
      name: ['الاسم مطلوب'],
      email: ['البريد الإلكتروني غير صالح'],
      password: ['كلمة المرور مطلوبة'],
    });
  });

  it('refuses a duplicate email regardless of case with a field error', async () => {
    const first = (await api('POST', '/api/users', newUser())).json().data;
    const dup = await api('POST', '/api/users', newUser({ email: first.email.toUpperCase() }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ email: ['This email is already taken'] });
    const other = (await api('POST', '/api/users', newUser())).json().data;
    const clash = await api('PUT', `/api/users/${other.id}`, { name: 'x', email: first.email });
    expect(clash.json().errors).toEqual({ email: ['This email is already taken'] });
  });

  it("assigns and removes roles and ends the user's sessions when they change", async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const session = await signIn(t.app, user);
    const assigned = await api('POST', `/api/users/${user.id}/assign/role`, { role: ROLES.corrector });
    expect(assigned.json().data.roles.map((r: { role: string }) => r.role)).toEqual([ROLES.corrector, ROLES.school]);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: session })).statusCode).toBe(401);

    const again = await signIn(t.app, user);
    const removed = await api('POST', `/api/users/${user.id}/remove/role`, { role: ROLES.school });
    expect(removed.json().data.roles.map((r: { role: string }) => r.role)).toEqual([ROLES.corrector]);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: again })).statusCode).toBe(401);

    const unknown = await api('POST', `/api/users/${user.id}/assign/role`, { role: 'com.ltm.roles.wizard' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ role: ['This role does not exist'] });
  });

  it("sets a password, ending the user's sessions", async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const session = await signIn(t.app, user);
    const mismatch = await api('PUT', `/api/users/${user.id}/change/password`, {
      password: 'Another-pass-2',
      password_confirmation: 'nope',
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The password confirmation does not match'] });
    const ok = await api('PUT', `/api/users/${user.id}/change/password`, {
      password: 'Another-pass-2',
      password_confirmation: 'Another-pass-2',
    });
    expect(ok.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: session })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(
      401,
    );
    expect(
      (await call(t.app, 'POST', '/api/login', { email: user.email, password: 'Another-pass-2' })).statusCode,
    ).toBe(200);
  });

  it('disabling a user ends their sessions', async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const session = await signIn(t.app, user);
    const row = (await api('GET', `/api/users/${user.id}`)).json().data;
    expect((await api('PUT', `/api/users/${user.id}`, { ...row, is_active: false })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: session })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(
      401,
    );
  });

  it('does not let an admin remove their own admin role, disable or delete themselves (418)', async () => {
    const role = await api('POST', `/api/users/${adminId}/remove/role`, { role: ROLES.admin });
    expect(role.statusCode).toBe(418);
    expect(role.json()).toEqual({ message: 'You cannot remove your own administrator role.' });
    const del = await api('DELETE', `/api/users/${adminId}`, undefined, { lang: 'ar' });
    expect(del.statusCode).toBe(418);
    expect(del.json()).toEqual({ message: 'لا يمكنك حذف حسابك.' });
    const me = (await api('GET', `/api/users/${adminId}`)).json().data;
    expect((await api('PUT', `/api/users/${adminId}`, { ...me, is_active: false })).statusCode).toBe(418);
    expect((await api('GET', '/api/user')).statusCode).toBe(200);
    // Changing one's own password keeps one's own session.
    expect(
      (
        await api('PUT', `/api/users/${adminId}/change/password`, {
          password: 'Chief-pass-9',
          password_confirmation: 'Chief-pass-9',
        })
      ).statusCode,
    ).toBe(200);
    expect((await api('GET', '/api/user')).statusCode).toBe(200);
  });

  it('lists roles with their permissions', async () => {
    const all = await api('GET', '/api/roles/permissions', undefined, { lang: 'ar' });
    expect(all.statusCode).toBe(200);
    const roles = all.json().data;
    expect(roles.map((r: { role: string }) => r.role)).toEqual(expect.arrayContaining(Object.values(ROLES)));
    const student = roles.find((r: { role: string }) => r.role === ROLES.student);
    expect(student.name).toBe('طالب');
    const one = await api('GET', `/api/roles/${student.id}/permissions`);
    expect(one.json().data.permissions.map((p: { permission: string }) => p.permission)).toContain(
      'com.ltm.permissions.platforms.view.platform',
    );
    expect((await api('GET', '/api/roles/999999/permissions')).statusCode).toBe(404);
  });

  it('answers 403 for each action without its permission', async () => {
    const target = await buildUser(t.db, { role: ROLES.school });
    const nobody = await signIn(t.app, await buildUserWithPermissions(t.db, []));
    const viewer = await signIn(t.app, await buildUserWithPermissions(t.db, listPermissions('users')));
    expect((await api('GET', '/api/users', undefined, { cookie: nobody })).statusCode).toBe(403);
    expect((await api('GET', '/api/roles/permissions', undefined, { cookie: nobody })).statusCode).toBe(403);
    expect((await api('GET', '/api/users', undefined, { cookie: viewer })).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/users', newUser()],
      ['PUT', `/api/users/${target.id}`, { name: 'x', email: 'x@example.test' }],
      ['DELETE', `/api/users/${target.id}`, undefined],
      ['POST', `/api/users/${target.id}/assign/role`, { role: ROLES.admin }],
      ['POST', `/api/users/${target.id}/remove/role`, { role: ROLES.school }],
      ['PUT', `/api/users/${target.id}/change/password`, { password: 'Xyz-12345', password_confirmation: 'Xyz-12345' }],
    ] as const) {
      expect((await api(method, url, body, { cookie: viewer })).statusCode, `${method} ${url}`).toBe(403);
    }
    const editor = await signIn(t.app, await buildUserWithPermissions(t.db, [permissionFor('users', 'edit')]));
    expect(
      (await api('POST', `/api/users/${target.id}/assign/role`, { role: ROLES.author }, { cookie: editor })).statusCode,
    ).toBe(200);
    expect((await api('DELETE', `/api/users/${target.id}`, undefined, { cookie: editor })).statusCode).toBe(403);
  });
});

describe('common passwords for staff accounts (a list of 49,233, ASVS 6.2.4)', () => {
  const COMMON = 'Password1';
  const expected = {
    en: 'This password is one of the most common passwords and is easily guessed: choose another',
    ar: 'كلمة المرور هذه من أكثر كلمات المرور شيوعًا ويسهل تخمينها: اختر غيرها',
  };

  it('refuses a common password for a new staff account, in the request language, and creates nothing', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const body = newUser({ password: COMMON, password_confirmation: COMMON });
      const response = await api('POST', '/api/users', body, { lang });
      expect(response.statusCode, lang).toBe(422);
      expect(response.json().errors, lang).toEqual({ password: [expected[lang]] });
      const stored = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', body.email as string)
        .execute();
      expect(stored).toEqual([]);
    }
    const noRole = await api(
      'POST',
      '/api/users',
      newUser({ roles: [], password: 'qwerty123', password_confirmation: 'qwerty123' }),
    );
    expect(noRole.statusCode).toBe(422);
  });

  it('lets a student account keep a simple password its school gives', async () => {
    const response = await api(
      'POST',
      '/api/users',
      newUser({ roles: [ROLES.student], password: COMMON, password_confirmation: COMMON }),
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it("refuses a common password when an administrator sets a staff user's password, and keeps the old one", async () => {
    const staff = await buildUser(t.db, { role: ROLES.corrector });
    const refused = await api(
      'PUT',
      `/api/users/${staff.id}/change/password`,
      { password: 'iloveyou1', password_confirmation: 'iloveyou1' },
      { lang: 'ar' },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ password: [expected.ar] });
    expect((await call(t.app, 'POST', '/api/login', { email: staff.email, password: staff.password })).statusCode).toBe(
      200,
    );
    const student = await buildUser(t.db, { role: ROLES.student });
    const allowed = await api('PUT', `/api/users/${student.id}/change/password`, {
      password: 'iloveyou1',
      password_confirmation: 'iloveyou1',
    });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('the users list', () => {
  it('keeps the users filter[id] names (a picker reading back its choice), and refuses a malformed list', async () => {
    const [a, b] = [await buildUser(t.db, { name: 'Picked A' }), await buildUser(t.db, { name: 'Picked B' })];
    const picked = await api('GET', `/api/users?filter[id]=${b.id},${a.id}&per_page=1`);
    expect(picked.json().meta.total).toBe(2);
    expect(picked.json().data.map((user: { id: number }) => user.id)).toEqual([a.id]);
    expect((await api('GET', '/api/users?filter[id]=x')).statusCode).toBe(400);
  });
});
