import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call, sessionCookie } from '../helpers/api-client';
import { buildDeliveryScene } from '../helpers/delivery-factory';
import { buildUser, signIn } from '../helpers/factories';
import { signInAtProvider, startOidcProvider } from '../helpers/oidc-provider';
import { cookieOf, refusalOf as refusalAt } from '../helpers/sign-in-browser';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 46, single sign-on: a real OpenID Provider (`oidc-provider`) runs in the test process over
 * HTTP, with its own sign-in and consent pages; the test is the browser between it and our server.
 * Our side checks its answers through `openid-client` only.
 */
const PUBLIC_URL = 'http://localhost:3000';
const callbackOf = (key: string) => `${PUBLIC_URL}/api/sso/${key}/callback`;
const CLIENT = { client_id: 'ltm', client_secret: 'a client secret of enough length for tests' };

const accounts: Record<string, Record<string, unknown>> = {
  'teacher-1': { email: 'teacher.one@school.test', email_verified: true, name: 'Teacher One', groups: ['teachers'] },
  'marker-1': { email: 'marker.one@school.test', email_verified: true, name: 'Marker One', groups: ['markers'] },
  'stranger-1': { email: 'stranger@school.test', email_verified: true, name: 'Stranger', groups: ['visitors'] },
  'taken-1': { email: 'TAKEN@school.test', email_verified: true, name: 'Taken', groups: ['teachers'] },
  'pupil-1': { name: 'A pupil', student_number: 'SSO-4471' },
};

let t: TestContext;
let op: Awaited<ReturnType<typeof startOidcProvider>>;
let admin: string;

beforeAll(async () => {
  op = await startOidcProvider({
    clients: [
      {
        ...CLIENT,
        redirect_uris: [callbackOf('staff'), callbackOf('pupils'), callbackOf('aliased')],
        post_logout_redirect_uris: [`${PUBLIC_URL}/login`],
      },
      // Its ID tokens are signed with the client secret (HS256), not with the provider's keys.
      {
        client_id: 'hs256',
        client_secret: 'a client secret of enough length for HS256 signing, 32+',
        redirect_uris: [callbackOf('symmetric')],
        id_token_signed_response_alg: 'HS256',
      },
    ],
    accounts,
  });
  t = await createTestApp({ publicUrl: PUBLIC_URL, mfa: { requiredRoles: [ROLES.author], issuer: 'LTM test' } });
  const user = await buildUser(t.db, { role: ROLES.admin });
  admin = await signIn(t.app, user);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await op?.close();
});

const providerBody = (overrides: Record<string, unknown> = {}) => ({
  key: 'staff',
  name_en: 'School Workspace',
  name_ar: 'مساحة عمل المدرسة',
  issuer: op.issuer,
  ...CLIENT,
  scopes: 'openid email profile groups',
  is_active: true,
  allow_create: true,
  role_claim: 'groups',
  role_map: 'teachers = author\nmarkers = corrector',
  student_claim: null,
  ...overrides,
});

async function addProvider(overrides: Record<string, unknown> = {}) {
  const response = await call(t.app, 'POST', '/api/sso-providers', providerBody(overrides), { cookie: admin });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; key: string };
}

/** Starts a sign-in as a browser would: the address at the provider and the browser's state cookie. */
async function start(key: string) {
  const response = await call(t.app, 'GET', `/api/sso/${key}/start`);
  expect(response.statusCode, response.body).toBe(302);
  return { location: response.headers.location as string, stateCookie: cookieOf(response, 'ltm_sso') };
}

/** Brings the provider's answer back to our callback with the browser's cookie. */
const callback = (url: URL, stateCookie: string) =>
  t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie: stateCookie } });

/** A whole sign-in as `login` at the provider: our callback's answer. */
async function signInThrough(key: string, login: string) {
  const { location, stateCookie } = await start(key);
  return callback(await signInAtProvider(location, login), stateCookie);
}

const refusalOf = (response: LightMyRequestResponse) => refusalAt(response, PUBLIC_URL);

const rolesOf = async (cookie: string) =>
  ((await call(t.app, 'GET', '/api/user', undefined, { cookie })).json().data.roles as { role: string }[]).map(
    (r) => r.role,
  );

describe('single sign-on providers (settings)', () => {
  it('are administrators only, and refuse a bad key, issuer, scopes or role mapping in the reader language', async () => {
    expect((await call(t.app, 'GET', '/api/sso-providers')).statusCode).toBe(401);
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
    expect((await call(t.app, 'GET', '/api/sso-providers', undefined, { cookie: author })).statusCode).toBe(403);
    const refused = await call(
      t.app,
      'POST',
      '/api/sso-providers',
      providerBody({ key: 'Bad Key', issuer: 'ftp://x', scopes: 'email', role_map: 'teachers', role_claim: null }),
      { cookie: admin, lang: 'ar' },
    );
    expect(refused.statusCode).toBe(422);
    const errors = refused.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['allow_create', 'issuer', 'key', 'role_map', 'scopes']);
    expect(errors.scopes).toEqual(['يجب أن تتضمن النطاقات openid.']);
    expect(await t.db.selectFrom('sso_providers').select('id').execute()).toEqual([]);
  });

  it('never send the client secret back, and an empty one on an edit keeps it', async () => {
    const created = await addProvider({ key: 'keeps-secret', is_active: false });
    const read = await call(t.app, 'GET', `/api/sso-providers/${created.id}`, undefined, { cookie: admin });
    expect(read.json().data).toMatchObject({ client_secret: null, client_secret_set: true, key: 'keeps-secret' });
    const list = await call(t.app, 'GET', '/api/sso-providers', undefined, { cookie: admin });
    expect(list.body).not.toContain(CLIENT.client_secret);
    const edited = await call(
      t.app,
      'PUT',
      `/api/sso-providers/${created.id}`,
      providerBody({ key: 'keeps-secret', is_active: false, client_secret: '', name_en: 'Renamed' }),
      { cookie: admin },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const row = await t.db
      .selectFrom('sso_providers')
      .select(['client_secret', 'name_en'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.name_en).toBe('Renamed');
    // Kept, sealed (stored-secrets.test.ts): the same secret opens from it.
    expect(t.app.secrets.open(row.client_secret!, 'oidc_client_secret')).toBe(CLIENT.client_secret);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('target', '=', `sso-providers/${created.id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['sso_providers.create', 'sso_providers.update']);
    expect(JSON.stringify(audit)).not.toContain(CLIENT.client_secret);
    const taken = await call(t.app, 'POST', '/api/sso-providers', providerBody({ key: 'keeps-secret' }), {
      cookie: admin,
    });
    expect(taken.json().errors).toEqual({ key: ['Another provider already uses this key.'] });
  });
});

describe('signing in through OpenID Connect', () => {
  beforeAll(async () => {
    await addProvider();
  });

  it('shows each active provider on the sign-in page, named in the reader language', async () => {
    const ar = await call(t.app, 'GET', '/api/sso/providers', undefined, { lang: 'ar' });
    expect(ar.json().data).toEqual([{ key: 'staff', name: 'مساحة عمل المدرسة' }]);
  });

  it('sends the browser to the provider with PKCE (S256), a state and a nonce', async () => {
    const { location, stateCookie } = await start('staff');
    const url = new URL(location);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(callbackOf('staff'));
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(stateCookie).toBe(`ltm_sso=${url.searchParams.get('state')}`);
  });

  it('creates a staff account at its first sign-in with the mapped role, and signs the same subject into it again', async () => {
    const first = await signInThrough('staff', 'teacher-1');
    expect(first.statusCode, first.body).toBe(302);
    expect(first.headers.location).toBe('/');
    const cookie = sessionCookie(first);
    expect(await rolesOf(cookie)).toEqual([ROLES.author]);
    // Authors must use a second factor with a password; the provider answers for it here.
    expect((await call(t.app, 'GET', '/api/exams', undefined, { cookie })).statusCode).toBe(200);
    const users = await t.db.selectFrom('users').select('id').where('email', '=', 'teacher.one@school.test').execute();
    expect(users).toHaveLength(1);
    const again = await signInThrough('staff', 'teacher-1');
    expect(await rolesOf(sessionCookie(again))).toEqual([ROLES.author]);
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', 'teacher.one@school.test').execute(),
    ).toEqual(users);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `users/${users[0].id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['users.sso_create']);
  });

  it('takes a mapped role away when the claims no longer qualify, and refuses an account left with none', async () => {
    accounts['marker-1'].groups = ['markers', 'teachers'];
    const cookie = sessionCookie(await signInThrough('staff', 'marker-1'));
    expect((await rolesOf(cookie)).sort()).toEqual([ROLES.author, ROLES.corrector].sort());
    accounts['marker-1'].groups = ['markers'];
    const narrower = sessionCookie(await signInThrough('staff', 'marker-1'));
    expect(await rolesOf(narrower)).toEqual([ROLES.corrector]);
    // The change ended the account's other sessions.
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie })).statusCode).toBe(401);
    accounts['marker-1'].groups = [];
    expect(refusalOf(await signInThrough('staff', 'marker-1'))).toBe('no_role');
    accounts['marker-1'].groups = ['markers'];
  });

  it('refuses a subject it does not know when creation is off or the claims map to no role, and never joins by e-mail', async () => {
    expect(refusalOf(await signInThrough('staff', 'stranger-1'))).toBe('unknown_account');
    await buildUser(t.db, { role: ROLES.author, email: 'taken@school.test' });
    expect(refusalOf(await signInThrough('staff', 'taken-1'))).toBe('email_taken');
    expect(await t.db.selectFrom('sso_identities').select('id').where('subject', '=', 'taken-1').execute()).toEqual([]);
    // Each refusal of a verified answer is in the audit log: who tried, through which provider, why.
    const refused = await t.db
      .selectFrom('audit_log')
      .select(['action', 'summary', 'actor_id'])
      .where('action', '=', 'sso_providers.sign_in_refused')
      .where('summary', '@>', JSON.stringify({ reason: 'email_taken' }))
      .execute();
    expect(refused).toEqual([
      {
        action: 'sso_providers.sign_in_refused',
        summary: { provider: 'staff', reason: 'email_taken', subject: 'taken-1' },
        actor_id: null,
      },
    ]);
  });

  it('signs a student in to their roster record by the student number claim, and nobody else', async () => {
    const registry = await loadSchemaRegistry();
    const scene = await buildDeliveryScene(t.app, t.db, registry);
    const student = scene.students[0];
    await t.db.updateTable('students').set({ student_number: 'SSO-4471' }).where('id', '=', student.id).execute();
    await addProvider({
      key: 'pupils',
      allow_create: false,
      role_claim: null,
      role_map: null,
      student_claim: 'student_number',
      scopes: 'openid profile student',
    });
    const signedIn = await signInThrough('pupils', 'pupil-1');
    const me = await call(t.app, 'GET', '/api/user', undefined, { cookie: sessionCookie(signedIn) });
    const { user_id } = await t.db
      .selectFrom('students')
      .select('user_id')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(me.json().data.id).toBe(user_id);
    expect(refusalOf(await signInThrough('pupils', 'teacher-1'))).toBe('unknown_account');
  });

  it('refuses an answer brought back without the browser state, twice, or with another sign-in code', async () => {
    const { location, stateCookie } = await start('staff');
    const answer = await signInAtProvider(location, 'teacher-1');
    expect(refusalOf(await callback(answer, ''))).toBe('failed');
    expect(refusalOf(await callback(answer, 'ltm_sso=someone-else'))).toBe('failed');
    const signedIn = await callback(answer, stateCookie);
    expect(signedIn.cookies.find((c) => c.name === 'ltm_session')).toBeDefined();
    expect(refusalOf(await callback(answer, stateCookie))).toBe('expired');
    // A code from one sign-in with the state of another: the PKCE verifier and the nonce do not match.
    const a = await start('staff');
    const b = await start('staff');
    const codeOfB = await signInAtProvider(b.location, 'teacher-1');
    const stateOfA = new URL(a.location).searchParams.get('state')!;
    codeOfB.searchParams.set('state', stateOfA);
    expect(refusalOf(await callback(codeOfB, a.stateCookie))).toBe('failed');
  });

  it('refuses a provider whose discovery names another issuer, and ID tokens not signed with its keys', async () => {
    // The same provider reached by another name: its metadata says it is 127.0.0.1, not localhost.
    await addProvider({ key: 'aliased', issuer: op.issuer.replace('127.0.0.1', 'localhost') });
    const aliased = await call(t.app, 'GET', '/api/sso/aliased/start');
    expect(new URL(aliased.headers.location as string, PUBLIC_URL).searchParams.get('sso_error')).toBe('unavailable');
    await addProvider({
      key: 'symmetric',
      client_id: 'hs256',
      client_secret: 'a client secret of enough length for HS256 signing, 32+',
    });
    expect(refusalOf(await signInThrough('symmetric', 'teacher-1'))).toBe('failed');
  });

  it('says so when the person cancels at the provider, and signs nobody in', async () => {
    const { location, stateCookie } = await start('staff');
    const state = new URL(location).searchParams.get('state')!;
    const cancelled = new URL(`${callbackOf('staff')}?error=access_denied&state=${state}`);
    expect(refusalOf(await callback(cancelled, stateCookie))).toBe('cancelled');
  });

  it('refuses an answer that comes back after its code expired', async () => {
    const { location, stateCookie } = await start('staff');
    const answer = await signInAtProvider(location, 'teacher-1');
    const realNow = Date.now;
    Date.now = () => realNow() + 5 * 60_000;
    try {
      expect(refusalOf(await callback(answer, stateCookie))).toBe('failed');
    } finally {
      Date.now = realNow;
    }
  });

  it("ends the provider's session too at sign-out (RP-initiated logout)", async () => {
    const cookie = sessionCookie(await signInThrough('staff', 'teacher-1'));
    const out = await call(t.app, 'POST', '/api/logout', {}, { cookie });
    expect(out.statusCode).toBe(200);
    const url = new URL(out.json().data.logout_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/session/end`);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.client_id);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie })).statusCode).toBe(401);
    // A password session signs out as before.
    const password = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
    expect((await call(t.app, 'POST', '/api/logout', {}, { cookie: password })).statusCode).toBe(204);
  });

  it('refuses a disabled account and an inactive or unknown provider', async () => {
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'teacher.one@school.test')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    expect(refusalOf(await signInThrough('staff', 'teacher-1'))).toBe('disabled');
    await t.db.updateTable('users').set({ is_active: true }).where('id', '=', user.id).execute();
    const unknown = await call(t.app, 'GET', '/api/sso/nobody/start');
    expect(refusalOf(unknown)).toBe('unavailable');
    const inactive = await call(t.app, 'GET', '/api/sso/keeps-secret/start');
    expect(refusalOf(inactive)).toBe('unavailable');
  });
});
