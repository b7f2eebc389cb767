import * as oidc from 'openid-client';
import type { Sealer } from '../../secrets';

/** What the OpenID Connect client needs of a configured provider. */
export interface ProviderClient {
  id: number;
  issuer: string;
  client_id: string | null;
  client_secret: string | null;
  scopes: string;
  updated_at: Date | string;
}

/** How long a provider's discovered metadata and keys are kept before they are asked for again. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const TIMEOUT_SECONDS = 10;
const cache = new Map<number, { key: string; config: oidc.Configuration; atMs: number }>();

/**
 * The provider's client configuration, through discovery (`/.well-known/openid-configuration`),
 * kept for ten minutes and until the provider's settings change. A client secret authenticates by
 * HTTP Basic; without one the client is public (PKCE alone). Plain `http` issuers are allowed only
 * outside production (a provider in a test); a secure deployment refuses them on save.
 */
export async function providerConfig(
  provider: ProviderClient,
  allowHttp: boolean,
  secrets: Sealer,
): Promise<oidc.Configuration> {
  if (!provider.client_id) throw new Error('The OpenID Connect provider has no client ID');
  const key = `${provider.issuer}|${provider.client_id}|${provider.client_secret ?? ''}|${String(provider.updated_at)}`;
  const kept = cache.get(provider.id);
  if (kept && kept.key === key && Date.now() - kept.atMs < DISCOVERY_TTL_MS) return kept.config;
  const config = await oidc.discovery(
    new URL(provider.issuer),
    provider.client_id,
    // ID tokens signed with the provider's keys (RS256), checked even though they come straight
    // from its token endpoint: never one signed with our own secret, nor unsigned.
    { id_token_signed_response_alg: 'RS256' },
    provider.client_secret
      ? oidc.ClientSecretBasic(secrets.open(provider.client_secret, 'oidc_client_secret'))
      : oidc.None(),
    {
      timeout: TIMEOUT_SECONDS,
      execute: [oidc.enableNonRepudiationChecks, ...(allowHttp ? [oidc.allowInsecureRequests] : [])],
    },
  );
  cache.set(provider.id, { key, config, atMs: Date.now() });
  return config;
}

/** A new sign-in's secrets: the state (the browser's cookie too), the nonce and the PKCE verifier. */
export const newSignInSecrets = () => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  codeVerifier: oidc.randomPKCECodeVerifier(),
});

/** Where the browser is sent to sign in: the authorization code flow with PKCE (S256). */
export async function authorizationUrl(
  config: oidc.Configuration,
  input: { redirectUri: string; scopes: string; state: string; nonce: string; codeVerifier: string; lang: string },
): Promise<URL> {
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: input.scopes,
    state: input.state,
    nonce: input.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(input.codeVerifier),
    code_challenge_method: 'S256',
    ui_locales: input.lang,
  });
}

/**
 * The provider's answer, checked by the certified client: the issuer, the state, the code for
 * its verifier, and the ID token's signature, issuer, audience, expiry and nonce. Returns the ID
 * token's claims (throws on anything wrong).
 */
export async function signInClaims(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<Record<string, unknown>> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims?.sub) throw new Error('The ID token has no subject');
  return claims as Record<string, unknown>;
}

/** The provider's sign-out address (RP-initiated logout), when it offers one. */
export function endSessionUrl(config: oidc.Configuration, postLogoutRedirectUri: string): string | null {
  if (!config.serverMetadata().end_session_endpoint) return null;
  return oidc
    .buildEndSessionUrl(config, {
      client_id: config.clientMetadata().client_id,
      post_logout_redirect_uri: postLogoutRedirectUri,
    })
    .toString();
}
