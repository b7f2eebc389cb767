import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { SecretsDb } from '../secrets';
import { TOOL_ALG, toolKey } from './tool-keys';

/** How long any request to a platform may take. */
export const PLATFORM_TIMEOUT_MS = 10_000;

export const SCOPES = {
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

/**
 * An access token from the platform for one of its services (scores, course memberships): client
 * credentials, this tool proving itself with a JWT signed by its key (`private_key_jwt`, LTI
 * Security Framework 4.1). No redirect is followed.
 */
export async function platformToken(
  store: SecretsDb,
  platform: { client_id: string; auth_token_url: string },
  scope: string,
): Promise<string> {
  const { kid, privateKey } = await toolKey(store);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: TOOL_ALG, kid, typ: 'JWT' })
    .setIssuer(platform.client_id)
    .setSubject(platform.client_id)
    .setAudience(platform.auth_token_url)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(privateKey);
  const response = await fetch(platform.auth_token_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope,
    }),
    signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    redirect: 'error',
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown };
  if (!response.ok || typeof body.access_token !== 'string')
    throw new Error(`the platform's token endpoint answered ${response.status}`);
  return body.access_token;
}
