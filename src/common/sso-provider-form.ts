import ssoProviders from '../../schemas/sso-providers';
import { recordValidator, type Rule } from './resource-validation';
import { parseRoleMap } from './sso-claims';

/** A provider's key: what its addresses carry (`/api/sso/<key>/start`). */
const PROVIDER_KEY = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

const issue = (ctx: Parameters<Rule>[1], field: string, message: string) =>
  ctx.addIssue({ code: 'custom', message, path: [field] });

const SSO_PROVIDER_RULES: Record<string, Rule> = {
  'ssoProviders.key': (record, ctx) => {
    if (typeof record.key === 'string' && !PROVIDER_KEY.test(record.key)) issue(ctx, 'key', 'sso.errors.key_format');
  },
  'ssoProviders.issuer': (record, ctx) => {
    if (typeof record.issuer !== 'string') return;
    let url: URL | null = null;
    try {
      url = new URL(record.issuer);
    } catch {
      url = null;
    }
    if (!url || !['https:', 'http:'].includes(url.protocol) || url.search || url.hash)
      issue(ctx, 'issuer', 'sso.errors.issuer_url');
  },
  'ssoProviders.scopes': (record, ctx) => {
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
};

/** The provider form, for the server and the console: built from schemas/sso-providers.ts. */
export const ssoProviderFormSchema = recordValidator(ssoProviders, SSO_PROVIDER_RULES);
