import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { deploymentIdsOf } from '../../common/lti/platform-rules';
import { LTI, MESSAGE_TYPES } from './claims';

/** What checking a launch needs of a platform's settings. */
export interface VerifyingPlatform {
  issuer: string;
  client_id: string;
  deployment_ids: string;
  jwks_url: string;
}

/** A minute either way between the platform's clock and ours. */
const CLOCK_TOLERANCE_SECONDS = 60;
/** How old a launch's ID token may be. */
const MAX_AGE = '5m';
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The platform's key set, fetched when a kid is new and kept (jose's cache and cool-down). */
function keySetOf(url: string) {
  let keySet = keySets.get(url);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: 10_000 });
    keySets.set(url, keySet);
  }
  return keySet;
}

export class LaunchRefused extends Error {}

/**
 * A launch's ID token, checked by `jose` against the platform's published keys: signed RS256, by
 * the platform's issuer, for this tool (the audience; with several, the authorized party must be
 * this tool), recent, with the nonce this login made; then LTI's own rules: version 1.3.0, a
 * deployment the administrator allows, a resource link launch or a teacher's deep linking request.
 * Returns the claims.
 */
export async function verifyLaunch(
  platform: VerifyingPlatform,
  idToken: string,
  nonce: string,
): Promise<JWTPayload & Record<string, unknown>> {
  const { payload } = await jwtVerify(idToken, keySetOf(platform.jwks_url), {
    issuer: platform.issuer,
    audience: platform.client_id,
    algorithms: ['RS256'],
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    maxTokenAge: MAX_AGE,
    requiredClaims: ['sub', 'nonce', 'exp', 'iat'],
  });
  // The authorized party, when named (and it must be with several audiences), is this tool.
  if ((Array.isArray(payload.aud) && payload.aud.length > 1) || payload.azp !== undefined)
    if (payload.azp !== platform.client_id) throw new LaunchRefused('another authorized party');
  if (typeof payload.sub !== 'string' || !payload.sub || payload.sub.length > 255)
    throw new LaunchRefused('no usable subject');
  if (payload.nonce !== nonce) throw new LaunchRefused('another nonce');
  if (payload[LTI.version] !== '1.3.0') throw new LaunchRefused('not LTI 1.3.0');
  const deployment = payload[LTI.deploymentId];
  if (typeof deployment !== 'string' || !deploymentIdsOf(platform.deployment_ids).includes(deployment))
    throw new LaunchRefused('a deployment not allowed');
  const type = payload[LTI.messageType];
  if (type !== MESSAGE_TYPES.resourceLink && type !== MESSAGE_TYPES.deepLinking)
    throw new LaunchRefused('neither a resource link launch nor a deep linking request');
  return payload as JWTPayload & Record<string, unknown>;
}
