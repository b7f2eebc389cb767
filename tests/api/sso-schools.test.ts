import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { call, sessionCookie } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { signInAtProvider, startOidcProvider } from '../helpers/oidc-provider';
import { cookieOf } from '../helpers/sign-in-browser';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 46, single sign-on with schools from the provider's claims: a real OpenID Provider
 * (`oidc-provider`) in the test process; its `groups` claim gives school staff their role and their
 * schools (one `value = school id` a line). Created accounts get the mapped schools; the schools
 * follow the claim at every sign-in; schools an administrator gave outside the mapping stay.
 */
const PUBLIC_URL = 'http://localhost:3000';
const CLIENT = { client_id: 'ltm', client_secret: 'a client secret of enough length for tests' };

const accounts: Record<string, Record<string, unknown>> = {
  'head-1': { email: 'head.one@school.test', email_verified: true, name: 'Head One', groups: ['heads', 'north'] },
  'head-2': { email: 'head.two@school.test', email_verified: true, name: 'Head Two', groups: ['heads'] },
};

let t: TestContext;
let op: Awaited<ReturnType<typeof startOidcProvider>>;
let admin: string;
const school: Record<'north' | 'south' | 'east', number> = { north: 0, south: 0, east: 0 };

beforeAll(async () => {
  op = await startOidcProvider({
    clients: [{ ...CLIENT, redirect_uris: [`${PUBLIC_URL}/api/sso/staff/callback`] }],
    accounts,
  });
  t = await createTestApp({ publicUrl: PUBLIC_URL });
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  for (const name of ['north', 'south', 'east'] as const) {
    const created = await call(
      t.app,
      'POST',
      '/api/schools',
      { name_en: `${name} campus`, name_ar: `فرع ${name}` },
      { cookie: admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    school[name] = created.json().data.id;
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await op?.close();
});

const providerBody = (overrides: Record<string, unknown> = {}) => ({
  key: 'staff',
  name_en: 'Ministry Entra ID',
  name_ar: 'هوية الوزارة',
  issuer: op.issuer,
  ...CLIENT,
  scopes: 'openid email profile groups',
  is_active: true,
  allow_create: true,
  role_claim: 'groups',
  role_map: 'heads = school',
  school_claim: 'groups',
  school_map: `north = ${school.north}\nsouth = ${school.south}`,
  student_claim: null,
  ...overrides,
});

async function signInThrough(login: string) {
  const started = await call(t.app, 'GET', '/api/sso/staff/start');
  const url = await signInAtProvider(started.headers.location as string, login);
  return t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { cookie: cookieOf(started, 'ltm_sso') },
  });
}

const schoolsOf = async (email: string) =>
  (
    await t.db
      .selectFrom('user_schools')
      .innerJoin('users', 'users.id', 'user_schools.user_id')
      .select('user_schools.school_id')
      .where('users.email', '=', email)
      .orderBy('user_schools.school_id')
      .execute()
  ).map((row) => row.school_id);

describe('single sign-on: schools from the claims', () => {
  it('refuses an unreadable school mapping, one without its claim, and a school that is not here, in the reader language', async () => {
    const unreadable = await call(
      t.app,
      'POST',
      '/api/sso-providers',
      providerBody({ school_map: 'north = twelve\n# a comment\n= 3', school_claim: null }),
      { cookie: admin, lang: 'ar' },
    );
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().errors).toEqual({
      school_map: ['اكتب ربطًا واحدًا في كل سطر: قيمة المطالبة ثم = ثم رقم مدرسة.'],
    });
    const noClaim = await call(t.app, 'POST', '/api/sso-providers', providerBody({ school_claim: null }), {
      cookie: admin,
    });
    expect(noClaim.json().errors).toEqual({
      school_claim: ['Name the claim the school mapping reads (for example schools or groups).'],
    });
    const unknown = await call(t.app, 'POST', '/api/sso-providers', providerBody({ school_map: 'north = 999999' }), {
      cookie: admin,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      school_map: ['A line names a school ID that is not in the schools list.'],
    });
    expect(await t.db.selectFrom('sso_providers').select('id').execute()).toEqual([]);
    const created = await call(t.app, 'POST', '/api/sso-providers', providerBody(), { cookie: admin });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ school_claim: 'groups', school_map: providerBody().school_map });
  });

  it('creates school staff with the schools their claim names, and sees only those', async () => {
    const first = await signInThrough('head-1');
    expect(first.statusCode, first.body).toBe(302);
    expect(first.headers.location).toBe('/');
    expect(await schoolsOf('head.one@school.test')).toEqual([school.north]);
    const listed = await call(t.app, 'GET', '/api/schools', undefined, { cookie: sessionCookie(first) });
    expect(listed.json().data.map((row: { id: number }) => row.id)).toEqual([school.north]);
    const created = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'users.sso_create')
      .executeTakeFirstOrThrow();
    expect(created.summary).toMatchObject({ roles: [ROLES.school], schools: [school.north] });
    // A claim that names no mapped school: the account is made with none, and sees none.
    const none = await signInThrough('head-2');
    expect(await schoolsOf('head.two@school.test')).toEqual([]);
    const empty = await call(t.app, 'GET', '/api/schools', undefined, { cookie: sessionCookie(none) });
    expect(empty.json().data).toEqual([]);
  });

  it('moves the mapped schools with the claim at each sign-in, audited, ending other sessions; keeps the others', async () => {
    const before = sessionCookie(await signInThrough('head-1'));
    // An administrator gives a school the mapping never names: the claims leave it alone.
    const userId = (
      await t.db.selectFrom('users').select('id').where('email', '=', 'head.one@school.test').executeTakeFirstOrThrow()
    ).id;
    await t.db.insertInto('user_schools').values({ user_id: userId, school_id: school.east }).execute();
    accounts['head-1']!.groups = ['heads', 'south'];
    const after = await signInThrough('head-1');
    expect(await schoolsOf('head.one@school.test')).toEqual([school.south, school.east].sort((a, b) => a - b));
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: before })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: sessionCookie(after) })).statusCode).toBe(200);
    const moved = await t.db
      .selectFrom('audit_log')
      .select(['summary', 'actor_id'])
      .where('action', '=', 'users.sso_schools')
      .execute();
    expect(moved).toEqual([
      { summary: { provider: 'staff', removed: [school.north], added: [school.south] }, actor_id: userId },
    ]);
    // The same claims again: nothing changes, nothing is audited, the session stays.
    const again = sessionCookie(await signInThrough('head-1'));
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: sessionCookie(after) })).statusCode).toBe(200);
    expect(again).not.toBe('');
    expect(
      await t.db.selectFrom('audit_log').select('id').where('action', '=', 'users.sso_schools').execute(),
    ).toHaveLength(1);
  });

  it('skips a mapped school deleted since, instead of failing the sign-in', async () => {
    const deleted = await call(t.app, 'DELETE', `/api/schools/${school.south}`, undefined, { cookie: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    accounts['head-1']!.groups = ['heads', 'south', 'north'];
    const response = await signInThrough('head-1');
    expect(response.statusCode, response.body).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(await schoolsOf('head.one@school.test')).toEqual([school.north, school.east].sort((a, b) => a - b));
  });
});
