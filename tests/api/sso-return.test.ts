import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ServiceProviderInstance } from 'samlify';
import { ROLES } from '../../src/common/permissions';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { signInAtProvider, startOidcProvider } from '../helpers/oidc-provider';
import { samlIdentityProvider } from '../helpers/saml-idp';
import { cookieOf, refusalOf } from '../helpers/sign-in-browser';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 46: a single sign-on ends on the console page it started from (a marker following a link
 * to a script, a teacher on the LTI account-link page), by either protocol; never on another
 * site's address, whatever the start was given or the cookie was made to say.
 */
const PUBLIC_URL = 'http://localhost:3000';
const CLIENT = { client_id: 'ltm', client_secret: 'a client secret of enough length for tests' };
const IDP = { entityId: 'https://idp.school.test/saml', ssoUrl: 'https://idp.school.test/saml/sso' };
const PAGE = '/correction/exams/12?student=4&lang=ar';

let t: TestContext;
let op: Awaited<ReturnType<typeof startOidcProvider>>;
let sp: ServiceProviderInstance;
const idp = samlIdentityProvider(IDP);

const common = { is_active: true, role_claim: 'groups', role_map: 'markers = corrector', student_claim: null };

beforeAll(async () => {
  op = await startOidcProvider({
    clients: [{ ...CLIENT, redirect_uris: [`${PUBLIC_URL}/api/sso/staff/callback`] }],
    accounts: {
      'marker-1': { email: 'marker@school.test', email_verified: true, name: 'Marker', groups: ['markers'] },
      'stranger-1': { email: 'stranger@school.test', email_verified: true, name: 'Stranger', groups: [] },
    },
  });
  t = await createTestApp({ publicUrl: PUBLIC_URL });
  const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  const providers = [
    { key: 'staff', protocol: 'oidc', issuer: op.issuer, ...CLIENT, scopes: 'openid email profile groups' },
    { key: 'district', protocol: 'saml', issuer: IDP.entityId, sso_url: IDP.ssoUrl, idp_certificate: idp.certificate },
  ];
  for (const provider of providers) {
    const body = { ...provider, ...common, name_en: provider.key, name_ar: provider.key, allow_create: true };
    const added = await call(t.app, 'POST', '/api/sso-providers', body, { cookie: admin });
    expect(added.statusCode, added.body).toBe(201);
  }
  sp = idp.serviceProvider((await t.app.inject({ method: 'GET', url: '/api/sso/district/metadata' })).body);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await op?.close();
});

/** The start as the sign-in page's button links to it, `?return=` given as is. */
async function start(key: string, back?: string) {
  const query = back === undefined ? '' : `?${new URLSearchParams({ return: back })}`;
  const response = await t.app.inject({ method: 'GET', url: `/api/sso/${key}/start${query}` });
  expect(response.statusCode, response.body).toBe(302);
  const cookies = [cookieOf(response, 'ltm_sso'), cookieOf(response, 'ltm_sso_return')].filter(Boolean);
  return { location: response.headers.location as string, cookies: cookies.join('; '), response };
}

const kept = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === 'ltm_sso_return' && cookie.value !== '');

/** Where a successful sign-in sends the browser; the session is set and the kept page forgotten. */
function landing(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(302);
  expect(response.cookies.find((cookie) => cookie.name === 'ltm_session')?.value).toBeTruthy();
  expect(kept(response)).toBeUndefined();
  return response.headers.location;
}

async function oidc(login: string, back?: string, forged?: string) {
  const started = await start('staff', back);
  const answer = await signInAtProvider(started.location, login);
  const cookie = forged === undefined ? started.cookies : `${cookieOf(started.response, 'ltm_sso')}; ${forged}`;
  return t.app.inject({ method: 'GET', url: `${answer.pathname}${answer.search}`, headers: { cookie } });
}

describe('the end of a single sign-on', () => {
  it('opens the page the sign-in started from, by OpenID Connect and by SAML', async () => {
    const started = await start('staff', PAGE);
    expect(kept(started.response)).toMatchObject({ path: '/api/sso', httpOnly: true, sameSite: 'Lax' });
    expect(landing(await oidc('marker-1', PAGE))).toBe(PAGE);

    const saml = await start('district', PAGE);
    const { samlResponse } = await idp.answer(sp, saml.location, {
      nameId: 'saml-marker',
      attributes: { email: 'saml.marker@school.test', displayName: 'Saml Marker', groups: ['markers'] },
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/sso/district/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.school.test' },
      payload: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
    });
    expect(posted.statusCode, posted.body).toBe(303);
    const completed = await t.app.inject({
      method: 'GET',
      url: posted.headers.location as string,
      headers: { cookie: saml.cookies },
    });
    expect(landing(completed)).toBe(PAGE);
  });

  it('opens the home when no page was given', async () => {
    expect(landing(await oidc('marker-1'))).toBe('/');
  });

  it.each(
    [
      '//evil.example/phish',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/ftp:x//evil.example',
      '/api/logout',
      '/login',
      'exams',
      `/${'a'.repeat(1000)}`,
    ].map((back) => ({ back, shown: back.slice(0, 24) })),
  )('never sends the browser elsewhere: $shown is dropped at the start and ends at home', async ({ back }) => {
    const started = await start('staff', back);
    expect(kept(started.response)).toBeUndefined();
    expect(landing(await oidc('marker-1', back))).toBe('/');
  });

  it('checks the kept page again at the end: a cookie made to name another site opens the home', async () => {
    expect(landing(await oidc('marker-1', PAGE, 'ltm_sso_return=%2F%2Fevil.example%2Fphish'))).toBe('/');
  });

  it('forgets the page when the sign-in is refused', async () => {
    const refused = await oidc('stranger-1', PAGE);
    expect(refusalOf(refused, PUBLIC_URL)).toBe('unknown_account');
    expect(kept(refused)).toBeUndefined();
    expect(refused.cookies.find((cookie) => cookie.name === 'ltm_sso_return')?.value).toBe('');
  });
});
