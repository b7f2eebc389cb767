import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLES } from '../../src/common/permissions';
import { totpCode } from '../../src/server/auth/mfa/totp';
import { toolKeySet } from '../../src/server/lti/tool-keys';
import { openSecrets } from '../../src/server/secrets/open-secrets';
import { call, sessionCookie } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, TEST_SECRETS, type TestContext } from '../helpers/test-app';

/**
 * Issue 46, secrets at rest: second factors, single sign-on client secrets and the LTI signing key
 * are stored sealed (AES-256-GCM under SECRETS_KEY), opened only where they are used; what was
 * stored before a key, or under a previous key, is sealed with the current one at start-up; a
 * server without the key that sealed them refuses to start, saying which key it lacks.
 */
let t: TestContext;
const realNow = Date.now;
const newKey = () => randomBytes(32).toString('base64');
const SEALED = /^sealed:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());
afterEach(() => {
  Date.now = realNow;
});

const stored = async () => ({
  mfa: await t.db.selectFrom('users').select(['id', 'mfa_secret', 'mfa_pending_secret']).execute(),
  sso: await t.db.selectFrom('sso_providers').select(['id', 'client_secret']).execute(),
  lti: await t.db.selectFrom('lti_tool_keys').select(['kid', 'private_jwk']).execute(),
});

async function enrolled() {
  const user = await buildUser(t.db, { role: ROLES.author });
  const cookie = await signIn(t.app, user);
  const setup = await call(t.app, 'POST', '/api/account/mfa/setup', {}, { cookie });
  const { secret } = setup.json().data as { secret: string };
  const pending = await t.db
    .selectFrom('users')
    .select('mfa_pending_secret')
    .where('id', '=', user.id)
    .executeTakeFirst();
  expect(pending?.mfa_pending_secret).toMatch(SEALED);
  Date.now = () => realNow() + 30_000;
  const enable = await call(
    t.app,
    'POST',
    '/api/account/mfa/enable',
    { code: totpCode(secret, Date.now()) },
    { cookie },
  );
  expect(enable.statusCode, enable.body).toBe(200);
  return { user, secret };
}

describe('secrets at rest', () => {
  it('are stored sealed, never as given, and still work where they are used', async () => {
    const { user, secret } = await enrolled();
    const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    const clientSecret = 'a client secret of enough length for tests';
    const provider = await call(
      t.app,
      'POST',
      '/api/sso-providers',
      {
        key: 'staff',
        name_en: 'Staff',
        name_ar: 'الموظفون',
        issuer: 'https://idp.school.test',
        client_id: 'ltm',
        client_secret: clientSecret,
        scopes: 'openid email',
        is_active: true,
        allow_create: false,
        role_claim: null,
        role_map: null,
        student_claim: null,
      },
      { cookie: admin },
    );
    expect(provider.statusCode, provider.body).toBe(201);
    const keys = await toolKeySet(t.app);
    expect(keys.keys).toHaveLength(1);

    const now = await stored();
    const row = now.mfa.find((r) => r.id === user.id)!;
    expect(row.mfa_secret).toMatch(SEALED);
    expect(row.mfa_pending_secret).toBeNull();
    expect(now.sso[0].client_secret).toMatch(SEALED);
    expect(now.lti[0].private_jwk).toMatch(SEALED);
    const everything = JSON.stringify(now);
    for (const plain of [secret, clientSecret, '"d":']) expect(everything).not.toContain(plain);

    // The sealed second factor signs in: password, then the app's next code.
    const login = await call(t.app, 'POST', '/api/login', { email: user.email, password: user.password });
    Date.now = () => realNow() + 60_000;
    const second = await call(t.app, 'POST', '/api/login/mfa', {
      challenge: login.json().data.challenge,
      code: totpCode(secret, Date.now()),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(sessionCookie(second)).toBeTruthy();
    // The sealed key signs: the published key set is the public half of the one opened.
    expect(await toolKeySet(t.app)).toEqual(keys);
  });

  it('seals what was stored unsealed, and re-seals under a new key what an old one sealed', async () => {
    const user = await buildUser(t.db, { role: ROLES.corrector });
    await t.db.updateTable('users').set({ mfa_secret: 'JBSWY3DPEHPK3PXP' }).where('id', '=', user.id).execute();
    const first = await openSecrets({ dataDir: '', secrets: TEST_SECRETS }, { db: t.db, kind: 'postgres' }, t.app.log);
    const sealedOnce = (await stored()).mfa.find((r) => r.id === user.id)!.mfa_secret!;
    expect(sealedOnce).toMatch(SEALED);
    expect(first.open(sealedOnce, 'totp')).toBe('JBSWY3DPEHPK3PXP');

    const rotated = { key: newKey(), previousKeys: [TEST_SECRETS.key] };
    const next = await openSecrets({ dataDir: '', secrets: rotated }, { db: t.db, kind: 'postgres' }, t.app.log);
    const after = await stored();
    for (const value of [
      after.mfa.find((r) => r.id === user.id)!.mfa_secret!,
      after.sso[0].client_secret!,
      String(after.lti[0].private_jwk),
    ])
      expect(next.keyIdOf(value)).toBe(next.currentKeyId);
    expect(next.currentKeyId).not.toBe(first.currentKeyId);
    expect(next.open(after.mfa.find((r) => r.id === user.id)!.mfa_secret!, 'totp')).toBe('JBSWY3DPEHPK3PXP');

    // Back to the tests' key, the rotated one as previous, for the rest of the file.
    await openSecrets(
      { dataDir: '', secrets: { key: TEST_SECRETS.key, previousKeys: [rotated.key] } },
      { db: t.db, kind: 'postgres' },
      t.app.log,
    );
  });

  it('refuses to start without the key that sealed them, naming it; nothing is changed', async () => {
    const before = await stored();
    const keyId = t.app.secrets.currentKeyId!;
    const other = { key: newKey(), previousKeys: [] };
    await expect(
      openSecrets({ dataDir: '', secrets: other }, { db: t.db, kind: 'postgres' }, t.app.log),
    ).rejects.toThrow(new RegExp(`sealed with key ${keyId}, which this server does not hold: set SECRETS_KEY`));
    const none = { key: null, previousKeys: [] };
    await expect(
      openSecrets({ dataDir: '', secrets: none }, { db: t.db, kind: 'postgres' }, t.app.log),
    ).rejects.toThrow(/SECRETS_KEY/);
    expect(await stored()).toEqual(before);
  });

  it('refuses a sealed value altered in the database, or moved to another purpose, where it is used', async () => {
    const { user, secret } = await enrolled();
    const row = await t.db.selectFrom('users').select('mfa_secret').where('id', '=', user.id).executeTakeFirstOrThrow();
    const value = row.mfa_secret!;
    const flipped = `${value.slice(0, -2)}${value.at(-2) === 'A' ? 'B' : 'A'}${value.at(-1)}`;
    await t.db.updateTable('users').set({ mfa_secret: flipped }).where('id', '=', user.id).execute();
    expect(() => t.app.secrets.open(flipped, 'totp')).toThrow();
    expect(() => t.app.secrets.open(value, 'oidc_client_secret')).toThrow();
    expect(t.app.secrets.open(value, 'totp')).toBe(secret);
    await sql`update users set mfa_secret = ${value} where id = ${user.id}`.execute(t.db);
  });
});
