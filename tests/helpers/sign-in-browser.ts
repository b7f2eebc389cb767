import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * The browser's side of a sign-in through another service (OpenID Connect, SAML, an LTI launch),
 * as the single sign-on and LTI tests play it.
 */

/** A cookie the response set, as `name=value` for the next request's Cookie header ('' when none). */
export function cookieOf(response: LightMyRequestResponse, name: string): string {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${cookie.name}=${cookie.value}` : '';
}

/** A refusal: back to the sign-in page with no session; the reason the page is given. */
export function refusalOf(response: LightMyRequestResponse, publicUrl: string): string | null {
  expect(response.statusCode, response.body).toBe(302);
  expect(response.cookies.find((c) => c.name === 'ltm_session')).toBeUndefined();
  return new URL(response.headers.location as string, publicUrl).searchParams.get('sso_error');
}
