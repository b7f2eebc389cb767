import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ServiceProviderInstance } from 'samlify';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call, sessionCookie } from '../helpers/api-client';
import { buildDeliveryScene } from '../helpers/delivery-factory';
import { buildUser, signIn } from '../helpers/factories';
import { samlIdentityProvider, TRANSIENT, type SamlAnswer } from '../helpers/saml-idp';
import { cookieOf, refusalOf as refusalAt } from '../helpers/sign-in-browser';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 46, SAML 2.0 single sign-on: a samlify identity provider in the test process reads our
 * AuthnRequest and signs its answers; the test is the browser between it and our server, which
 * checks them through @node-saml/node-saml only. Every refusal goes back to the sign-in page.
 */
const PUBLIC_URL = 'http://localhost:3000';
const IDP = { entityId: 'https://idp.school.test/saml', ssoUrl: 'https://idp.school.test/saml/sso' };

let t: TestContext;
let admin: string;
const idp = samlIdentityProvider(IDP);
const sps: Record<string, ServiceProviderInstance> = {};

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const providerBody = (overrides: Record<string, unknown> = {}) => ({
  key: 'district',
  name_en: 'District sign-in',
  name_ar: 'دخول المديرية',
  protocol: 'saml',
  issuer: IDP.entityId,
  sso_url: IDP.ssoUrl,
  idp_certificate: idp.certificate,
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
  const { key } = response.json().data as { key: string };
  const metadata = await t.app.inject({ method: 'GET', url: `/api/sso/${key}/metadata` });
  sps[key] = idp.serviceProvider(metadata.body);
  return response.json().data as { id: number; key: string };
}

async function start(key: string) {
  const response = await call(t.app, 'GET', `/api/sso/${key}/start`);
  expect(response.statusCode, response.body).toBe(302);
  return { location: response.headers.location as string, stateCookie: cookieOf(response, 'ltm_sso') };
}

/** The identity provider's page posts the answer to our assertion consumer: a cross-site form, no cookie of ours. */
const post = (key: string, samlResponse: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sso/${key}/acs`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.school.test' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
  });

/** The browser follows our 303 to the completion, with its state cookie. */
const follow = (response: LightMyRequestResponse, stateCookie: string) =>
  t.app.inject({ method: 'GET', url: response.headers.location as string, headers: { cookie: stateCookie } });

/** A whole sign-in: start, the identity provider's signed answer, the post, the completion. */
async function signInThrough(key: string, answer: SamlAnswer) {
  const { location, stateCookie } = await start(key);
  const { samlResponse } = await idp.answer(sps[key]!, location, answer);
  const posted = await post(key, samlResponse);
  expect(posted.statusCode, posted.body).toBe(303);
  return follow(posted, stateCookie);
}

const refusalOf = (response: LightMyRequestResponse) => refusalAt(response, PUBLIC_URL);

const rolesOf = async (cookie: string) =>
  ((await call(t.app, 'GET', '/api/user', undefined, { cookie })).json().data.roles as { role: string }[]).map(
    (r) => r.role,
  );

const teacher = {
  nameId: 'saml-teacher-1',
  attributes: { email: 'saml.teacher@school.test', displayName: 'Saml Teacher', groups: ['teachers'] },
};

describe('SAML providers (settings)', () => {
  it('need a sign-in address and a PEM signing certificate, refused in the reader language', async () => {
    const missing = await call(
      t.app,
      'POST',
      '/api/sso-providers',
      providerBody({ key: 'no-idp', sso_url: null, idp_certificate: null, issuer: 'not an entity' }),
      { cookie: admin, lang: 'ar' },
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      issuer: ['أدخل معرّف كيان مزوّد الهوية: عنوانًا (https://...) أو اسمًا يبدأ بـ urn:.'],
      sso_url: ['أدخل عنوان تسجيل الدخول لدى مزوّد الهوية.'],
      idp_certificate: ['الصق شهادة التوقيع الخاصة بمزوّد الهوية.'],
    });
    const garbled = await call(
      t.app,
      'POST',
      '/api/sso-providers',
      providerBody({
        key: 'garbled',
        sso_url: 'javascript:alert(1)',
        idp_certificate: '-----BEGIN CERTIFICATE-----\nTm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----',
      }),
      { cookie: admin },
    );
    expect(garbled.statusCode).toBe(422);
    expect(garbled.json().errors.sso_url).toEqual([
      "Enter the identity provider's sign-in address, for example https://idp.example.org/saml2/sso.",
    ]);
    const notPem = await call(
      t.app,
      'POST',
      '/api/sso-providers',
      providerBody({
        key: 'garbled',
        idp_certificate: '-----BEGIN CERTIFICATE-----\nTm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----',
      }),
      { cookie: admin },
    );
    expect(notPem.json().errors).toEqual({
      idp_certificate: ['Paste the certificate as PEM, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.'],
    });
    // Many certificate blocks and a stray character: refused at once (the pattern is linear).
    const block = '-----BEGIN CERTIFICATE-----\nTUlJQg==\n-----END CERTIFICATE-----\n';
    const many = await call(
      t.app,
      'POST',
      '/api/sso-providers',
      providerBody({ key: 'many', idp_certificate: `${block.repeat(60)}!` }),
      { cookie: admin },
    );
    expect(many.json().errors.idp_certificate).toHaveLength(1);
    expect(await t.db.selectFrom('sso_providers').select('id').execute()).toEqual([]);
  });

  it('publish our service provider metadata: entity ID, assertion consumer, signed assertions wanted', async () => {
    const created = await addProvider();
    const read = await call(t.app, 'GET', `/api/sso-providers/${created.id}`, undefined, { cookie: admin });
    expect(read.json().data).toMatchObject({ protocol: 'saml', client_id: null, sso_url: IDP.ssoUrl });
    const metadata = await t.app.inject({ method: 'GET', url: '/api/sso/district/metadata' });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(metadata.body).toContain(`entityID="${PUBLIC_URL}/api/sso/district/metadata"`);
    expect(metadata.body).toContain(`Location="${PUBLIC_URL}/api/sso/district/acs"`);
    expect(metadata.body).toContain('WantAssertionsSigned="true"');
    expect((await t.app.inject({ method: 'GET', url: '/api/sso/nobody/metadata' })).statusCode).toBe(404);
  });
});

describe('signing in through SAML', () => {
  it('sends the browser to the identity provider with an AuthnRequest it reads, and a state cookie', async () => {
    const { location, stateCookie } = await start('district');
    expect(location.startsWith(`${IDP.ssoUrl}?SAMLRequest=`)).toBe(true);
    const request = await idp.readRequest(sps.district!, location);
    expect(request.extract.issuer).toBe(`${PUBLIC_URL}/api/sso/district/metadata`);
    expect(stateCookie).toMatch(/^ltm_sso=.{20,}/);
  });

  it('creates a staff account at its first sign-in with the mapped role, and signs the same subject into it again', async () => {
    const first = await signInThrough('district', teacher);
    expect(first.statusCode, first.body).toBe(302);
    expect(first.headers.location).toBe('/');
    const cookie = sessionCookie(first);
    expect(await rolesOf(cookie)).toEqual([ROLES.author]);
    const me = (await call(t.app, 'GET', '/api/user', undefined, { cookie })).json().data;
    expect(me).toMatchObject({ name: 'Saml Teacher', email: 'saml.teacher@school.test' });
    const again = await signInThrough('district', teacher);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: sessionCookie(again) })).json().data.id).toBe(
      me.id,
    );
    // The role follows the attribute: out of the teachers' group, no role here any more.
    const moved = await signInThrough('district', {
      ...teacher,
      attributes: { ...teacher.attributes, groups: ['visitors'] },
    });
    expect(refusalOf(moved)).toBe('no_role');
  });

  it('refuses an answer for another audience, from another issuer, expired, not yet valid, or signed by another key', async () => {
    const cases: [string, SamlAnswer][] = [
      ['audience', { ...teacher, audience: 'https://another-app.test/metadata' }],
      ['issuer', { ...teacher, issuer: 'https://evil.test/saml' }],
      ['expired', { ...teacher, notOnOrAfterMs: -5 * 60_000 }],
      ['not yet', { ...teacher, notBeforeMs: 10 * 60_000 }],
    ];
    for (const [name, answer] of cases) {
      const { location } = await start('district');
      const { samlResponse } = await idp.answer(sps.district!, location, answer);
      expect([name, refusalOf(await post('district', samlResponse))]).toEqual([name, 'failed']);
    }
    // Nothing waits for a browser to take.
    expect(await t.db.selectFrom('sso_answers').select('token_hash').execute()).toEqual([]);
    const impostor = samlIdentityProvider({ ...IDP, keyName: 'other-idp' });
    const { location } = await start('district');
    const { samlResponse } = await impostor.answer(sps.district!, location, teacher);
    expect(refusalOf(await post('district', samlResponse))).toBe('failed');
  });

  it('refuses an unsigned answer, one to no request of ours, and the same answer twice', async () => {
    const first = await start('district');
    expect(refusalOf(await post('district', await idp.unsignedAnswer(sps.district!, first.location, teacher)))).toBe(
      'failed',
    );
    const second = await start('district');
    const unsolicited = await idp.answer(sps.district!, second.location, { ...teacher, inResponseTo: '_not-ours' });
    expect(refusalOf(await post('district', unsolicited.samlResponse))).toBe('failed');
    const third = await start('district');
    const { samlResponse } = await idp.answer(sps.district!, third.location, teacher);
    const posted = await post('district', samlResponse);
    expect(posted.statusCode).toBe(303);
    expect(refusalOf(await post('district', samlResponse))).toBe('failed');
    expect((await follow(posted, third.stateCookie)).cookies.find((c) => c.name === 'ltm_session')).toBeDefined();
  });

  it('hands a checked answer only to the browser that started, once', async () => {
    const { location, stateCookie } = await start('district');
    const { samlResponse } = await idp.answer(sps.district!, location, teacher);
    const posted = await post('district', samlResponse);
    // Someone else's browser (an attacker who posted their own answer into a victim's) signs nobody in.
    expect(refusalOf(await follow(posted, ''))).toBe('failed');
    const again = await start('district');
    const other = await post('district', (await idp.answer(sps.district!, again.location, teacher)).samlResponse);
    expect(refusalOf(await follow(other, 'ltm_sso=not-this-browser'))).toBe('failed');
    expect(refusalOf(await follow(other, again.stateCookie))).toBe('expired');
    void stateCookie;
  });

  it('refuses a signature moved onto a forged assertion (signature wrapping)', async () => {
    const wraps = [
      // A second assertion beside the signed one.
      (signed: string, forged: string) => `${forged}${signed}`,
      // The signed one hidden inside the forged one.
      (signed: string, forged: string) =>
        forged.replace('</saml:Subject>', `</saml:Subject><saml:Advice>${signed}</saml:Advice>`),
      // The forged one carrying the signed one's signature.
      (signed: string, forged: string) =>
        forged.replace('</saml:Issuer>', `</saml:Issuer>${signed.match(/<ds:Signature[\s\S]*<\/ds:Signature>/)![0]}`),
    ];
    for (const wrap of wraps) {
      // Each attack on a fresh sign-in: a refused answer uses its request up.
      const { location } = await start('district');
      const { samlResponse } = await idp.answer(sps.district!, location, teacher);
      const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
      const signed = xml.match(/<saml:Assertion[\s\S]*<\/saml:Assertion>/)![0];
      const forged = signed
        .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
        .replace(/ID="[^"]+"/, 'ID="_forged"')
        .replace('saml-teacher-1', 'someone-else');
      const attack = xml.replace(signed, wrap(signed, forged));
      expect(refusalOf(await post('district', Buffer.from(attack).toString('base64')))).toBe('failed');
    }
    expect(
      await t.db.selectFrom('sso_identities').select('id').where('subject', '=', 'someone-else').execute(),
    ).toEqual([]);
  });

  it('refuses a transient NameID, which links nobody, and an answer with a document type', async () => {
    const transient = await start('district');
    const answer = await idp.answer(sps.district!, transient.location, { ...teacher, nameIdFormat: TRANSIENT });
    expect(refusalOf(await post('district', answer.samlResponse))).toBe('failed');
    const { location } = await start('district');
    const xml = Buffer.from((await idp.answer(sps.district!, location, teacher)).samlResponse, 'base64').toString();
    const bomb = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${xml.replace('saml-teacher-1', '&c;')}`;
    expect(refusalOf(await post('district', Buffer.from(bomb).toString('base64')))).toBe('failed');
    // A document type before an untouched, validly signed answer: refused all the same.
    const plain = await start('district');
    const signed = Buffer.from((await idp.answer(sps.district!, plain.location, teacher)).samlResponse, 'base64');
    const typed = `<?xml version="1.0"?><!DOCTYPE Response>${signed.toString().replace(/^<\?xml[^>]*>/, '')}`;
    expect(refusalOf(await post('district', Buffer.from(typed).toString('base64')))).toBe('failed');
    expect((await call(t.app, 'GET', '/api/health')).statusCode).toBe(200);
  });

  it('refuses an assertion that does not itself name our request and our address (it could be wrapped anew)', async () => {
    for (const changes of [{ noSubjectConfirmation: true }, { recipient: 'https://another-app.test/acs' }]) {
      const { location } = await start('district');
      const { samlResponse } = await idp.answer(sps.district!, location, { ...teacher, ...changes });
      expect([changes, refusalOf(await post('district', samlResponse))]).toEqual([changes, 'failed']);
    }
  });

  it('says a sign-in cancelled at the identity provider was cancelled', async () => {
    const { location } = await start('district');
    const { requestId } = await idp.answer(sps.district!, location, teacher);
    const failed = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_f1" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${PUBLIC_URL}/api/sso/district/acs" InResponseTo="${requestId}"><saml:Issuer>${IDP.entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:AuthnFailed"/></samlp:StatusCode></samlp:Status></samlp:Response>`;
    expect(refusalOf(await post('district', Buffer.from(failed).toString('base64')))).toBe('cancelled');
  });

  it('refuses what is not an answer, and an OpenID Connect provider has no assertion consumer', async () => {
    expect(refusalOf(await post('district', 'bm90IFhNTA=='))).toBe('failed');
    expect(
      refusalOf(
        await t.app.inject({
          method: 'POST',
          url: '/api/sso/district/acs',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'RelayState=x',
        }),
      ),
    ).toBe('failed');
    expect(refusalOf(await post('nobody', 'bm90IFhNTA=='))).toBe('unavailable');
  });

  it('signs a student in by the student number attribute, in any case, and signs out here only', async () => {
    const registry = await loadSchemaRegistry();
    const scene = await buildDeliveryScene(t.app, t.db, registry);
    const [student] = scene.students;
    await t.db.updateTable('students').set({ student_number: 'SAML-881' }).where('id', '=', student!.id).execute();
    await addProvider({
      key: 'pupils',
      allow_create: false,
      role_claim: null,
      role_map: null,
      student_claim: 'studentNumber',
    });
    const signedIn = await signInThrough('pupils', { nameId: 'pupil-77', attributes: { studentNumber: 'saml-881' } });
    const { user_id } = await t.db
      .selectFrom('students')
      .select('user_id')
      .where('id', '=', student!.id)
      .executeTakeFirstOrThrow();
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: sessionCookie(signedIn) })).json().data.id).toBe(
      user_id,
    );
    // The SAML session has no provider sign-out to send the browser to: ours ends it.
    const out = await call(t.app, 'POST', '/api/logout', {}, { cookie: sessionCookie(signedIn) });
    expect(out.statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: sessionCookie(signedIn) })).statusCode).toBe(
      401,
    );
    // A number on no record signs nobody in.
    expect(
      refusalOf(await signInThrough('pupils', { nameId: 'pupil-78', attributes: { studentNumber: 'SAML-990' } })),
    ).toBe('unknown_account');
  });
});
