import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/**
 * An LTI 1.3 platform in the test process, standing for a school's LMS: its key set served over
 * real HTTP (our side fetches it as it would Moodle's), its third-party login initiation, and the
 * signed launch its authentication endpoint posts back. Claims a test changes are merged over a
 * resource link launch of one learner.
 */
export const LTI_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
export const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';

export async function startLtiPlatform(options: { clientId: string; deploymentId: string }) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = 'platform-key-1';
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  let fetches = 0;
  const server: Server = createServer((request, response) => {
    if (request.url === '/jwks') {
      fetches += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/moodle`;

  /** A launch's ID token as the platform signs it, for the state and nonce our login sent. */
  async function idToken(
    nonce: string,
    overrides: {
      claims?: Record<string, unknown>;
      header?: Record<string, unknown>;
      key?: CryptoKey;
      iatSecondsAgo?: number;
    } = {},
  ) {
    const now = Math.floor(Date.now() / 1000) - (overrides.iatSecondsAgo ?? 0);
    const payload: JWTPayload & Record<string, unknown> = {
      iss: issuer,
      aud: options.clientId,
      sub: 'moodle-user-42',
      nonce,
      iat: now,
      exp: now + 300,
      [`${LTI_CLAIM}message_type`]: 'LtiResourceLinkRequest',
      [`${LTI_CLAIM}version`]: '1.3.0',
      [`${LTI_CLAIM}deployment_id`]: options.deploymentId,
      [`${LTI_CLAIM}target_link_uri`]: 'http://localhost:3000/api/lti/launch',
      [`${LTI_CLAIM}resource_link`]: { id: 'activity-7', title: 'Reading benchmark' },
      [`${LTI_CLAIM}roles`]: [LEARNER],
      [`${LTI_CLAIM}lis`]: { person_sourcedid: 'LTI-5521' },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
        lineitem: `${origin}/moodle/lineitems/7/lineitem`,
      },
      ...overrides.claims,
    };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT', ...overrides.header })
      .sign(overrides.key ?? privateKey);
  }

  return {
    issuer,
    origin,
    authUrl: `${origin}/moodle/auth`,
    jwksUrl: `${origin}/jwks`,
    tokenUrl: `${origin}/moodle/token`,
    idToken,
    keyFetches: () => fetches,
    /** Another key pair, the platform's key id on it: a forger's. */
    forgerKey: async () => (await generateKeyPair('RS256')).privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
