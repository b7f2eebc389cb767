import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { startLtiPlatform } from './lti-platform';
import { cookieOf, refusalOf } from './sign-in-browser';

type Platform = Awaited<ReturnType<typeof startLtiPlatform>>;
export type TokenOverrides = Parameters<Platform['idToken']>[1];

/** A platform's settings as the administrator enters them, for the platform in the test process. */
export const ltiPlatformBody = (
  platform: Platform,
  options: { clientId: string; deploymentId: string },
  overrides: Record<string, unknown> = {},
) => ({
  name_en: 'School Moodle',
  name_ar: 'مودل المدرسة',
  issuer: platform.issuer,
  client_id: options.clientId,
  deployment_ids: `${options.deploymentId}\ndeployment-2`,
  auth_login_url: platform.authUrl,
  jwks_url: platform.jwksUrl,
  auth_token_url: platform.tokenUrl,
  is_active: true,
  ...overrides,
});

/**
 * The browser between a platform in the test process and our server, through an LTI launch: the
 * platform's login initiation, its signed launch posted back (a cross-site form, no cookie of
 * ours), and the completion the browser holding the state follows.
 */
export function ltiBrowser(app: FastifyInstance, platform: Platform, options: { publicUrl: string; clientId: string }) {
  async function initiate(params: Record<string, string> = {}) {
    const query = new URLSearchParams({
      iss: platform.issuer,
      login_hint: 'moodle-user-42',
      target_link_uri: `${options.publicUrl}/api/lti/launch`,
      lti_message_hint: 'hint-7',
      client_id: options.clientId,
      ...params,
    });
    const response = await app.inject({ method: 'GET', url: `/api/lti/login?${query}` });
    const location = new URL(response.headers.location as string, options.publicUrl);
    return {
      response,
      location,
      state: location.searchParams.get('state') ?? '',
      nonce: location.searchParams.get('nonce') ?? '',
      stateCookie: cookieOf(response, 'ltm_lti'),
    };
  }

  const launch = (idToken: string, state: string) =>
    app.inject({
      method: 'POST',
      url: '/api/lti/launch',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: platform.origin },
      payload: new URLSearchParams({ id_token: idToken, state }).toString(),
    });

  const follow = (response: LightMyRequestResponse, stateCookie: string) =>
    app.inject({ method: 'GET', url: response.headers.location as string, headers: { cookie: stateCookie } });

  /** A whole launch: initiation, the platform's signed token, the post, the completion. */
  async function launchThrough(overrides: TokenOverrides = {}) {
    const login = await initiate();
    const posted = await launch(await platform.idToken(login.nonce, overrides), login.state);
    expect(posted.statusCode, posted.body).toBe(303);
    return follow(posted, login.stateCookie);
  }

  return {
    initiate,
    launch,
    follow,
    launchThrough,
    refusalOf: (response: LightMyRequestResponse) => refusalOf(response, options.publicUrl),
  };
}
