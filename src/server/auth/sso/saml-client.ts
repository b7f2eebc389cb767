import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';

/** What the SAML service provider needs of a configured provider. */
export interface SamlProvider {
  key: string;
  issuer: string;
  sso_url: string | null;
  idp_certificate: string | null;
}

/** Our addresses for one provider: the entity ID (where our metadata is read) and the assertion consumer. */
export const samlAddresses = (publicUrl: string, key: string) => {
  const base = publicUrl.replace(/\/?$/, '/');
  return {
    entityId: new URL(`api/sso/${key}/metadata`, base).toString(),
    acsUrl: new URL(`api/sso/${key}/acs`, base).toString(),
  };
};

/** How far our clock and the identity provider's may differ. */
const CLOCK_SKEW_MS = 60_000;
/** How long a sign-in may spend at the identity provider (as for OpenID Connect). */
const REQUEST_MS = 10 * 60_000;
const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

/**
 * A SAML 2.0 service provider for one configured identity provider, through `@node-saml/node-saml`:
 * assertions must be signed with the configured certificate (the response may be too); the issuer,
 * the audience (our entity ID), the validity window (a minute's skew) and InResponseTo (a request
 * of ours, answered once) are checked by the library, which also refuses signature wrapping.
 */
export function samlClient(provider: SamlProvider, publicUrl: string, cache: CacheProvider): SAML {
  if (!provider.sso_url || !provider.idp_certificate) throw new Error('The SAML provider is not configured');
  const { entityId, acsUrl } = samlAddresses(publicUrl, provider.key);
  return new SAML({
    entryPoint: provider.sso_url,
    issuer: entityId,
    audience: entityId,
    callbackUrl: acsUrl,
    idpIssuer: provider.issuer,
    idpCert: certificatesOf(provider.idp_certificate),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_MS,
    cacheProvider: cache,
    // No NameID format asked for and no authentication context required: the identity provider
    // decides both (asking for a password context refuses a person who signed in with a passkey).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** The certificates of a pasted PEM text, each as its own PEM (two while the identity provider rolls its key). */
export function certificatesOf(pem: string): string[] {
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
}

type Node = { $?: Record<string, string> } & Record<string, unknown>;
const nodes = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : []);

/**
 * Whether the signed assertion itself names our request and our assertion consumer: a bearer
 * subject confirmation whose data carries the answer's InResponseTo and our address as its
 * recipient. Without it, the request ID is only in the unsigned response around the assertion,
 * and a captured assertion could be wrapped in an answer to someone else's request.
 */
function boundToRequest(profile: Profile, acsUrl: string): boolean {
  const parsed = profile.getAssertion?.() as { Assertion?: Node } | undefined;
  const confirmations = nodes(nodes(parsed?.Assertion?.Subject)[0]?.SubjectConfirmation);
  return confirmations.some(
    (confirmation) =>
      confirmation.$?.Method === 'urn:oasis:names:tc:SAML:2.0:cm:bearer' &&
      nodes(confirmation.SubjectConfirmationData).some(
        (data) =>
          Boolean(profile.inResponseTo) &&
          data.$?.InResponseTo === profile.inResponseTo &&
          data.$?.Recipient === acsUrl,
      ),
  );
}

const first = (value: unknown): string | null => {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' && one.trim() ? one.trim() : null;
};

const EMAIL = [
  'email',
  'mail',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];
const NAME = [
  'displayName',
  'name',
  'urn:oid:2.16.840.1.113730.3.1.241',
  'http://schemas.microsoft.com/identity/claims/displayname',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
];

/**
 * A checked assertion, from the configured identity provider (its Issuer), as the claims account matching reads: its attributes by name (a role or
 * student number attribute is named in the provider's settings), the persistent NameID as the
 * stable subject, and an e-mail and a name from their usual attribute names. A transient NameID
 * changes at every sign-in, so it can link nobody: refused.
 */
export function samlClaims(profile: Profile, expected: { issuer: string; acsUrl: string }): Record<string, unknown> {
  // The library checks the issuer of logout messages only: the signed assertion's is checked here.
  if (profile.issuer !== expected.issuer) throw new Error(`The assertion's issuer is not ${expected.issuer}`);
  if (!boundToRequest(profile, expected.acsUrl))
    throw new Error('The assertion is not confirmed for our request and assertion consumer');
  if (!profile.nameID || profile.nameIDFormat === TRANSIENT) throw new Error('The assertion has no stable NameID');
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const pick = (names: string[]) => names.map((name) => first(attributes[name])).find(Boolean) ?? null;
  return {
    ...attributes,
    sub: profile.nameID,
    email: pick(EMAIL) ?? (profile.nameIDFormat?.endsWith(':emailAddress') ? profile.nameID : null),
    name: pick(NAME),
  };
}
