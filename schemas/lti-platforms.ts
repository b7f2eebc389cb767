import { bilingualName, defineResource, flag, text } from './vocabulary';

/**
 * LTI 1.3 platforms (issue 46): the learning management systems (Moodle, Canvas, Blackboard) whose
 * courses launch this app as a tool. Each is registered at both ends: here its issuer, the client
 * ID it gave this tool, its deployments and its endpoints; there this app's login, launch and key
 * set addresses (src/server/lti). Administrators only: a platform's launches sign students in.
 */
const ltiPlatforms = defineResource({
  name: 'lti-platforms',
  table: 'lti_platforms',
  platformScoped: false,
  menu: { group: 'system_settings', route: '/settings/lti-platforms' },
  fields: {
    ...bilingualName,
    issuer: text(500, { script: 'latin', help: 'resources.lti-platforms.help.issuer' }),
    client_id: text(255, { script: 'latin', help: 'resources.lti-platforms.help.client_id' }),
    deployment_ids: text(2000, { script: 'latin', lines: 2, help: 'resources.lti-platforms.help.deployment_ids' }),
    auth_login_url: text(500, { script: 'latin', help: 'resources.lti-platforms.help.auth_login_url' }),
    jwks_url: text(500, { script: 'latin', help: 'resources.lti-platforms.help.jwks_url' }),
    auth_token_url: text(500, {
      required: false,
      script: 'latin',
      help: 'resources.lti-platforms.help.auth_token_url',
    }),
    is_active: flag({ default: true }),
  },
  list: {
    columns: ['id', 'name_en', 'name_ar', 'issuer', 'is_active'],
    sort: 'id',
    order: 'asc',
    search: ['name_en', 'name_ar', 'issuer', 'client_id'],
  },
  nameFromNameEn: true,
  rules: ['ltiPlatforms.addresses'],
  adminOnly: true,
});

export default ltiPlatforms;
