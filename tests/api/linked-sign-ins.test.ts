import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { addProviderAndPlatform } from '../helpers/linked-elsewhere';

/**
 * Issue 46: an administrator sees which identities at single sign-on providers and LMS platforms
 * sign a user in, and unlinks a wrong one (audited; the user is signed out). Nobody else may.
 */
let t: TestContext;
let admin: string;
let adminId: number;
let teacher: { id: number; email: string; password: string };
let providerId: number;
let platformId: number;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await buildUser(t.db, { role: ROLES.admin });
  admin = await signIn(t.app, adminUser);
  adminId = (await t.db.selectFrom('users').select('id').where('email', '=', adminUser.email).executeTakeFirstOrThrow())
    .id;
  const user = await buildUser(t.db, { role: ROLES.author });
  teacher = {
    ...user,
    id: (await t.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id,
  };
  ({ providerId, platformId } = await addProviderAndPlatform(t, admin));
  await t.db
    .insertInto('sso_identities')
    .values({ provider_id: providerId, subject: 'entra-7f3a', user_id: teacher.id, created_at: '2026-05-01T08:00:00Z' })
    .execute();
  await t.db
    .insertInto('lti_identities')
    .values({
      platform_id: platformId,
      subject: 'moodle-teacher-2',
      user_id: teacher.id,
      created_at: '2026-05-02T08:00:00Z',
    })
    .execute();
}, 60_000);
afterAll(async () => t?.close());

const signInsOf = (userId: number, cookie: string, lang?: 'ar') =>
  call(t.app, 'GET', `/api/users/${userId}/sign-ins`, undefined, { cookie, lang });

describe("a user's linked sign-ins", () => {
  it('are read by administrators only, newest first, named in the reader language', async () => {
    expect((await call(t.app, 'GET', `/api/users/${teacher.id}/sign-ins`)).statusCode).toBe(401);
    const own = await signIn(t.app, teacher);
    expect((await signInsOf(teacher.id, own)).statusCode).toBe(403);
    const listed = await signInsOf(teacher.id, admin, 'ar');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        kind: 'lti',
        provider: 'مودل المدرسة',
        subject: 'moodle-teacher-2',
        created_at: '2026-05-02T08:00:00.000Z',
        last_used_at: null,
      }),
      expect.objectContaining({ kind: 'sso', provider: 'هوية الوزارة', subject: 'entra-7f3a' }),
    ]);
    expect((await signInsOf(adminId, admin)).json()).toEqual({ data: [] });
    expect((await signInsOf(987654, admin)).statusCode).toBe(404);
  });

  it("unlinks one, audited, and signs the user out; refuses another user's link, a made-up kind and non-admins", async () => {
    const session = await signIn(t.app, teacher);
    const [lti, sso] = (await signInsOf(teacher.id, admin)).json().data as { id: number; kind: string }[];
    expect(
      (
        await call(t.app, 'DELETE', `/api/users/${teacher.id}/sign-ins/lti/${lti!.id}`, undefined, {
          cookie: session,
        })
      ).statusCode,
    ).toBe(403);
    // Another user's id with this link: not there for them.
    expect(
      (await call(t.app, 'DELETE', `/api/users/${adminId}/sign-ins/lti/${lti!.id}`, undefined, { cookie: admin }))
        .statusCode,
    ).toBe(404);
    const madeUp = await call(t.app, 'DELETE', `/api/users/${teacher.id}/sign-ins/ldap/${lti!.id}`, undefined, {
      cookie: admin,
    });
    expect(madeUp.statusCode).toBe(400);
    expect((await signInsOf(teacher.id, admin)).json().data).toHaveLength(2);

    const unlinked = await call(t.app, 'DELETE', `/api/users/${teacher.id}/sign-ins/lti/${lti!.id}`, undefined, {
      cookie: admin,
      lang: 'ar',
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json()).toEqual({ message: 'فُصل تسجيل الدخول.' });
    expect((await signInsOf(teacher.id, admin)).json().data).toEqual([expect.objectContaining({ id: sso!.id })]);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: session })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: admin })).statusCode).toBe(200);
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target', 'summary'])
      .where('action', '=', 'users.sign_in_unlinked')
      .execute();
    expect(audited).toEqual([
      {
        actor_id: adminId,
        target: `users/${teacher.id}`,
        summary: { kind: 'lti', source_id: platformId, subject: 'moodle-teacher-2' },
      },
    ]);
    // Gone: a second unlink finds nothing.
    expect(
      (await call(t.app, 'DELETE', `/api/users/${teacher.id}/sign-ins/lti/${lti!.id}`, undefined, { cookie: admin }))
        .statusCode,
    ).toBe(404);
  });
});
