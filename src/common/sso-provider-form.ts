import ssoProviders from '../../schemas/sso-providers';
import { recordValidator, type Rule } from './resource-validation';
import { parseRoleMap, parseSchoolMap } from './sso-claims';

/** A provider's key: what its addresses carry (`/api/sso/<key>/start`). */
const PROVIDER_KEY = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** One or more PEM certificates (an identity provider rolling its key publishes two for a while). */
// The whitespace between blocks belongs to one place only, so a failing text is refused in linear time.
const PEM_CERTIFICATES = /^\s*(?:-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----\s*)+$/;

/** A web address a browser can be sent to, without a fragment. */
function webAddress(value: string, allowQuery: boolean): boolean {
  try {
    const url = new URL(value);
    return ['https:', 'http:'].includes(url.protocol) && !url.hash && (allowQuery || !url.search);
  } catch {
    return false;
  }
}

const issue = (ctx: Parameters<Rule>[1], field: string, message: string) =>
  ctx.addIssue({ code: 'custom', message, path: [field] });

const SSO_PROVIDER_RULES: Record<string, Rule> = {
  'ssoProviders.key': (record, ctx) => {
    if (typeof record.key === 'string' && !PROVIDER_KEY.test(record.key)) issue(ctx, 'key', 'sso.errors.key_format');
  },
  /** OpenID Connect: the issuer's address. SAML: the identity provider's entity ID, a URL or a URN. */
  'ssoProviders.issuer': (record, ctx) => {
    if (typeof record.issuer !== 'string') return;
    if (record.protocol === 'saml') {
      if (!/^(?:https?:\/\/|urn:)\S+$/i.test(record.issuer)) issue(ctx, 'issuer', 'sso.errors.entity_id');
    } else if (!webAddress(record.issuer, false)) issue(ctx, 'issuer', 'sso.errors.issuer_url');
  },
  /** What each protocol needs: a client and the openid scope; or a sign-in address and a signing certificate. */
  'ssoProviders.protocol': (record, ctx) => {
    if (record.protocol === 'saml') {
      if (typeof record.sso_url !== 'string' || !record.sso_url) issue(ctx, 'sso_url', 'sso.errors.sso_url_required');
      else if (!webAddress(record.sso_url, true)) issue(ctx, 'sso_url', 'sso.errors.sso_url');
      if (typeof record.idp_certificate !== 'string' || !record.idp_certificate)
        issue(ctx, 'idp_certificate', 'sso.errors.certificate_required');
      else if (!PEM_CERTIFICATES.test(record.idp_certificate)) issue(ctx, 'idp_certificate', 'sso.errors.certificate');
      return;
    }
    if (typeof record.client_id !== 'string' || !record.client_id)
      issue(ctx, 'client_id', 'sso.errors.client_id_required');
    if (typeof record.scopes === 'string' && !record.scopes.split(/\s+/).includes('openid'))
      issue(ctx, 'scopes', 'sso.errors.scopes_openid');
  },
  /** Each mapping line reads `value = role`; a mapping needs the claim it reads; creation needs a mapping. */
  'ssoProviders.roles': (record, ctx) => {
    const { rules, badLines } = parseRoleMap(typeof record.role_map === 'string' ? record.role_map : '');
    if (badLines.length > 0) issue(ctx, 'role_map', 'sso.errors.role_map');
    if (rules.length > 0 && !record.role_claim) issue(ctx, 'role_claim', 'sso.errors.role_claim_required');
    if (record.allow_create === true && rules.length === 0) issue(ctx, 'allow_create', 'sso.errors.create_needs_roles');
  },
  /** Each school mapping line reads `value = school id`; a mapping needs the claim it reads (the ids are checked on the server). */
  'ssoProviders.schools': (record, ctx) => {
    const { rules, badLines } = parseSchoolMap(typeof record.school_map === 'string' ? record.school_map : '');
    if (badLines.length > 0) issue(ctx, 'school_map', 'sso.errors.school_map');
    if (rules.length > 0 && !record.school_claim) issue(ctx, 'school_claim', 'sso.errors.school_claim_required');
  },
};

/** The provider form, for the server and the console: built from schemas/sso-providers.ts. */
export const ssoProviderFormSchema = recordValidator(ssoProviders, SSO_PROVIDER_RULES);
