import { bilingualName, choice, defineResource, flag, text } from './vocabulary';

const OIDC = { shownWhen: { field: 'protocol', is: ['oidc'] } } as const;
const SAML = { shownWhen: { field: 'protocol', is: ['saml'] } } as const;

/**
 * Single sign-on providers (issue 46): OpenID Connect issuers and SAML 2.0 identity providers staff
 * and students may sign in through, each a button on the sign-in page. Served by src/server/auth/sso (the client secret is
 * write-only; the role mapping decides who may be created and which roles they hold, the school
 * mapping which schools); the
 * declaration drives the settings list and form. Administrators only: who maps claims to roles
 * could make anyone an administrator.
 */
const ssoProviders = defineResource({
  name: 'sso-providers',
  table: 'sso_providers',
  platformScoped: false,
  menu: { group: 'system_settings', route: '/settings/sso-providers' },
  fields: {
    key: text(40, { script: 'latin', help: 'resources.sso-providers.help.key' }),
    ...bilingualName,
    protocol: choice(['oidc', 'saml'], { default: 'oidc', help: 'resources.sso-providers.help.protocol' }),
    issuer: text(500, { script: 'latin', help: 'resources.sso-providers.help.issuer' }),
    client_id: text(255, { required: false, script: 'latin', ...OIDC }),
    client_secret: text(500, {
      required: false,
      secret: true,
      script: 'latin',
      help: 'resources.sso-providers.help.client_secret',
      ...OIDC,
    }),
    scopes: text(255, {
      required: false,
      script: 'latin',
      default: 'openid email profile',
      help: 'resources.sso-providers.help.scopes',
      ...OIDC,
    }),
    sso_url: text(500, { required: false, script: 'latin', help: 'resources.sso-providers.help.sso_url', ...SAML }),
    idp_certificate: text(20000, {
      required: false,
      script: 'latin',
      lines: 6,
      help: 'resources.sso-providers.help.idp_certificate',
      ...SAML,
    }),
    is_active: flag({ default: true }),
    allow_create: flag({ help: 'resources.sso-providers.help.allow_create' }),
    role_claim: text(100, { required: false, script: 'latin', help: 'resources.sso-providers.help.role_claim' }),
    role_map: text(2000, { required: false, script: 'latin', lines: 3, help: 'resources.sso-providers.help.role_map' }),
    school_claim: text(100, { required: false, script: 'latin', help: 'resources.sso-providers.help.school_claim' }),
    school_map: text(4000, {
      required: false,
      script: 'latin',
      lines: 3,
      help: 'resources.sso-providers.help.school_map',
    }),
    student_claim: text(100, {
      required: false,
      script: 'latin',
      help: 'resources.sso-providers.help.student_claim',
    }),
  },
  list: {
    columns: ['id', 'key', 'name_en', 'name_ar', 'protocol', 'issuer', 'is_active'],
    sort: 'id',
    order: 'asc',
    search: ['key', 'name_en', 'name_ar', 'issuer'],
  },
  nameFromNameEn: true,
  rules: [
    'ssoProviders.key',
    'ssoProviders.issuer',
    'ssoProviders.protocol',
    'ssoProviders.roles',
    'ssoProviders.schools',
  ],
  adminOnly: true,
  customRoutes: true,
});

export default ssoProviders;
