import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ROLES } from '../../src/common/permissions';
import { totpCode } from '../../src/server/auth/mfa/totp';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call, sessionCookie } from '../helpers/api-client';
import { buildDeliveryScene } from '../helpers/delivery-factory';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 46, multi-factor for staff: TOTP (RFC 6238) codes computed here as an authenticator app
 * computes them, from the secret the setup gave. The clock moves by a step (30 s) between codes: a
 * code is taken once.
 */
let t: TestContext;
const realNow = Date.now;
let offset = 0;
/** The next time step's code: the clock moves on 30 s first, as a person waits for the app's next code. */
function nextCode(secret: string): string {
  offset += 30_000;
  Date.now = () => realNow() + offset;
  return totpCode(secret, Date.now());
}

beforeAll(async () => {
  t = await createTestApp({ mfa: { requiredRoles: [ROLES.admin], issuer: 'LTM test' } });
}, 60_000);
afterAll(() => t.close());
afterEach(() => {
  Date.now = realNow;
  offset = 0;
});

const post = (url: string, body: unknown, cookie?: string, lang: 'en' | 'ar' = 'en') =>
  call(t.app, 'POST', url, body, { cookie, lang });
const messageOf = (response: LightMyRequestResponse) => response.json().message as string;

/** A staff account with its second factor on: its cookie, secret and recovery codes. */
async function enrolled(role: string = ROLES.author) {
  const user = await buildUser(t.db, { role });
  const cookie = await signIn(t.app, user);
  const setup = await post('/api/account/mfa/setup', {}, cookie);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data;
  const enable = await post('/api/account/mfa/enable', { code: nextCode(secret) }, cookie);
  expect(enable.statusCode).toBe(200);
  return { ...user, cookie, secret, codes: enable.json().data.recovery_codes as string[] };
}

async function challengeOf(user: { email: string; password: string }) {
  const response = await post('/api/login', { email: user.email, password: user.password });
  expect(response.statusCode).toBe(200);
  expect(response.json().data.mfa_required).toBe(true);
  expect(response.cookies.find((c) => c.name === 'ltm_session')).toBeUndefined();
  return response.json().data.challenge as string;
}

const auditActions = async (userId: number) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'reason'])
      .where('target', '=', `users/${userId}`)
      .orderBy('id')
      .execute()
  ).filter((row) => row.action.startsWith('users.mfa'));

describe('setting up an authenticator app', () => {
  it('gives a secret, its otpauth address and a QR code; turns on with a right first code only, ends the other sessions and gives ten recovery codes', async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    const cookie = await signIn(t.app, user);
    const elsewhere = await signIn(t.app, user);
    expect((await call(t.app, 'GET', '/api/account/mfa', undefined, { cookie })).json().data).toEqual({
      enabled: false,
      required: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    // Confirming before a setup is refused.
    expect((await post('/api/account/mfa/enable', { code: '123456' }, cookie)).statusCode).toBe(418);
    const setup = await post('/api/account/mfa/setup', {}, cookie);
    const { secret, otpauth_url, qr_svg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/LTM%20test:.+\?.*secret=/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const wrong = await post('/api/account/mfa/enable', { code: '000000' }, cookie, 'ar');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([
      'هذا الرمز غير صحيح أو سبق استخدامه. أدخل الرمز الذي يظهره التطبيق الآن.',
    ]);
    expect((await post('/api/account/mfa/enable', {}, cookie)).json().errors.code).toEqual([
      'Enter the code from your authenticator app.',
    ]);
    const enable = await post('/api/account/mfa/enable', { code: nextCode(secret) }, cookie);
    expect(enable.statusCode).toBe(200);
    const codes = enable.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    codes.forEach((code) => expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/));
    // Nothing of it is kept in clear but the secret the server must check codes with.
    const stored = await t.db
      .selectFrom('mfa_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((row) => row.code_hash).some((hash) => codes.some((code) => hash.includes(code)))).toBe(false);

    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie })).json().data.mfa).toEqual({
      enabled: true,
      required: false,
    });
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: elsewhere })).statusCode).toBe(401);
    expect((await post('/api/account/mfa/setup', {}, cookie)).statusCode).toBe(418);
    expect(await auditActions(user.id)).toEqual([{ action: 'users.mfa_enable', actor_id: user.id, reason: null }]);
  });

  it('is for staff: a student account is refused with 418', async () => {
    const scene = await buildDeliveryScene(t.app, t.db, await loadSchemaRegistry());
    const setup = await post('/api/account/mfa/setup', {}, scene.studentCookie, 'ar');
    expect(setup.statusCode).toBe(418);
    expect(messageOf(setup)).toBe('التحقق بخطوتين مخصّص لحسابات الموظفين.');
  });

  it('refuses every route to the signed out, and the reset to anyone without the users permission', async () => {
    for (const url of ['/api/account/mfa/setup', '/api/account/mfa/enable', '/api/account/mfa/disable'])
      expect((await post(url, { code: '123456' })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/account/mfa')).statusCode).toBe(401);
    const author = await enrolled();
    const other = await buildUser(t.db, { role: ROLES.corrector });
    const asAuthor = await post(`/api/users/${other.id}/mfa/reset`, {}, author.cookie);
    expect(asAuthor.statusCode).toBe(403);
    expect((await post(`/api/users/${author.id}/mfa/reset`, {})).statusCode).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  it('asks for a code after the password, signs in with a right one, never twice with the same', async () => {
    const user = await enrolled();
    const challenge = await challengeOf(user);
    const wrong = await post('/api/login/mfa', { challenge, code: '000000' }, undefined, 'ar');
    expect(wrong.statusCode).toBe(401);
    expect(messageOf(wrong)).toBe('هذا الرمز غير صحيح أو سبق استخدامه. أدخل الرمز الذي يظهره التطبيق الآن.');
    expect(wrong.cookies.find((c) => c.name === 'ltm_session')).toBeUndefined();
    const code = nextCode(user.secret);
    const right = await post('/api/login/mfa', { challenge, code });
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ id: user.id, mfa: { enabled: true, required: false } });
    const cookie = sessionCookie(right);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie })).statusCode).toBe(200);
    // The challenge is spent, and the code too, even with a new challenge.
    expect((await post('/api/login/mfa', { challenge, code })).statusCode).toBe(401);
    const again = await challengeOf(user);
    expect((await post('/api/login/mfa', { challenge: again, code })).statusCode).toBe(401);
    expect((await post('/api/login/mfa', { challenge: again, code: nextCode(user.secret) })).statusCode).toBe(200);
  });

  it('refuses an unknown challenge, a missing code, and a challenge after five wrong codes', async () => {
    const user = await enrolled();
    const unknown = await post('/api/login/mfa', { challenge: 'made-up', code: '123456' });
    expect(unknown.statusCode).toBe(401);
    expect(messageOf(unknown)).toBe(
      'The sign-in took too long or had too many wrong codes. Enter your password again.',
    );
    const challenge = await challengeOf(user);
    const missing = await post('/api/login/mfa', { challenge });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.code).toEqual(['Enter the code from your authenticator app.']);
    for (let i = 0; i < 5; i++) {
      const response = await post('/api/login/mfa', { challenge, code: String(100000 + i) });
      expect([401, 429]).toContain(response.statusCode);
    }
    const late = await post('/api/login/mfa', { challenge, code: nextCode(user.secret) });
    expect(late.statusCode).not.toBe(200);
  });

  it('throttles wrong codes like sign-in, on the account, whatever the challenge or the browser', async () => {
    const user = await enrolled();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const challenge = await challengeOf(user);
      const response = await post('/api/login/mfa', { challenge, code: String(200000 + i) });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
  });

  it('takes each recovery code once, and audits its use', async () => {
    const user = await enrolled();
    const [first] = user.codes;
    const signedIn = await post('/api/login/mfa', { challenge: await challengeOf(user), code: first.toUpperCase() });
    expect(signedIn.statusCode).toBe(200);
    const reused = await post('/api/login/mfa', { challenge: await challengeOf(user), code: first });
    expect(reused.statusCode).toBe(401);
    const status = await call(t.app, 'GET', '/api/account/mfa', undefined, { cookie: sessionCookie(signedIn) });
    expect(status.json().data.recovery_codes_left).toBe(9);
    expect((await auditActions(user.id)).map((row) => row.action)).toEqual([
      'users.mfa_enable',
      'users.mfa_recovery_code_used',
    ]);
  });
});

describe("one's own second factor", () => {
  it('makes new recovery codes for a right code (the old stop working) and turns off with one', async () => {
    const user = await enrolled();
    expect((await post('/api/account/mfa/recovery-codes', { code: '000000' }, user.cookie)).statusCode).toBe(422);
    const renewed = await post('/api/account/mfa/recovery-codes', { code: nextCode(user.secret) }, user.cookie);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect((await post('/api/login/mfa', { challenge: await challengeOf(user), code: user.codes[0] })).statusCode).toBe(
      401,
    );
    const off = await post('/api/account/mfa/disable', { code: fresh[0] }, user.cookie);
    expect(off.statusCode).toBe(200);
    expect(messageOf(off)).toBe('Two-step sign-in is off.');
    const login = await post('/api/login', { email: user.email, password: user.password });
    expect(login.json().data.mfa_required).toBeUndefined();
    expect(sessionCookie(login)).toMatch(/^ltm_session=/);
    expect((await auditActions(user.id)).map((row) => row.action)).toEqual([
      'users.mfa_enable',
      'users.mfa_recovery_codes',
      'users.mfa_disable',
    ]);
    expect((await post('/api/account/mfa/disable', { code: '123456' }, user.cookie)).statusCode).toBe(418);
  });
});

describe('a role that requires a second factor', () => {
  it('lets an administrator without one reach only enrolment, then everything; and never turn it off', async () => {
    const admin = await buildUser(t.db, { role: ROLES.admin });
    const cookie = await signIn(t.app, admin);
    const me = await call(t.app, 'GET', '/api/user', undefined, { cookie });
    expect(me.json().data.mfa).toEqual({ enabled: false, required: true });
    for (const url of ['/api/users', '/api/exams', '/api/audit-log']) {
      const refused = await call(t.app, 'GET', url, undefined, { cookie, lang: 'ar' });
      expect(refused.statusCode, url).toBe(403);
      expect(messageOf(refused)).toBe('يتطلب دورك التحقق بخطوتين. اضبط تطبيق مصادقة من ملفك الشخصي قبل المتابعة.');
    }
    const setup = await post('/api/account/mfa/setup', {}, cookie);
    expect(setup.statusCode).toBe(200);
    const enable = await post('/api/account/mfa/enable', { code: nextCode(setup.json().data.secret) }, cookie);
    expect(enable.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/users', undefined, { cookie })).statusCode).toBe(200);
    const off = await post('/api/account/mfa/disable', { code: enable.json().data.recovery_codes[0] }, cookie);
    expect(off.statusCode).toBe(418);
    expect(messageOf(off)).toBe('Your role requires two-step sign-in: it cannot be turned off.');
  });
});

describe("another administrator's reset", () => {
  it("clears the user's factor and codes, ends their sessions and is audited with its reason; one's own is refused", async () => {
    const user = await enrolled();
    const admin = await enrolled(ROLES.admin);
    const reset = await post(`/api/users/${user.id}/mfa/reset`, { reason: 'Lost phone' }, admin.cookie);
    expect(reset.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: user.cookie })).statusCode).toBe(401);
    const login = await post('/api/login', { email: user.email, password: user.password });
    expect(login.json().data.mfa_required).toBeUndefined();
    const left = await t.db.selectFrom('mfa_recovery_codes').select('id').where('user_id', '=', user.id).execute();
    expect(left).toEqual([]);
    expect((await auditActions(user.id)).at(-1)).toEqual({
      action: 'users.mfa_reset',
      actor_id: admin.id,
      reason: 'Lost phone',
    });
    expect((await post(`/api/users/${user.id}/mfa/reset`, {}, admin.cookie)).statusCode).toBe(418);
    const own = await post(`/api/users/${admin.id}/mfa/reset`, {}, admin.cookie);
    expect(own.statusCode).toBe(418);
    expect(messageOf(own)).toBe('You cannot reset your own two-step sign-in. Another administrator can.');
    expect((await post('/api/users/999999/mfa/reset', {}, admin.cookie)).statusCode).toBe(404);
  });
});
