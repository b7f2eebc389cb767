import { bilingualName, defineResource, flag, text } from './vocabulary';

/**
 * Single sign-on providers (issue 46): OpenID Connect issuers staff and students may sign in
 * through, each a button on the sign-in page. Served by src/server/auth/sso (the client secret is
 * write-only; the role mapping decides who may be created and which roles they hold); the
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
    issuer: text(500, { script: 'latin', help: 'resources.sso-providers.help.issuer' }),
    client_id: text(255, { script: 'latin' }),
    client_secret: text(500, {
      required: false,
      secret: true,
      script: 'latin',
      help: 'resources.sso-providers.help.client_secret',
    }),
    scopes: text(255, {
      required: false,
      script: 'latin',
      default: 'openid email profile',
      help: 'resources.sso-providers.help.scopes',
    }),
    is_active: flag({ default: true }),
    allow_create: flag({ help: 'resources.sso-providers.help.allow_create' }),
    role_claim: text(100, { required: false, script: 'latin', help: 'resources.sso-providers.help.role_claim' }),
    role_map: text(2000, { required: false, script: 'latin', lines: 3, help: 'resources.sso-providers.help.role_map' }),
    student_claim: text(100, {
      required: false,
      script: 'latin',
      help: 'resources.sso-providers.help.student_claim',
    }),
  },
  list: {
    columns: ['id', 'key', 'name_en', 'name_ar', 'issuer', 'is_active'],
    sort: 'id',
    order: 'asc',
    search: ['key', 'name_en', 'name_ar', 'issuer'],
  },
  nameFromNameEn: true,
  rules: ['ssoProviders.key', 'ssoProviders.issuer', 'ssoProviders.scopes', 'ssoProviders.roles'],
  adminOnly: true,
  customRoutes: true,
});

export default ssoProviders;
