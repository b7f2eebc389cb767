import { defineResource, text } from './vocabulary';

/**
 * Console users. The server serves them from src/server/users (passwords and roles need more
 * than the generic routes); the declaration still drives the list columns and the form fields.
 */
const users = defineResource({
  name: 'users',
  table: 'users',
  platformScoped: false,
  menu: { group: 'system_settings', route: '/settings/users' },
  fields: {
    name: text(),
    email: { type: 'email', required: true },
    is_active: { type: 'boolean', required: false },
    // School staff see only these schools' lists and reports (issue 14).
    school_ids: {
      type: 'references',
      resource: 'schools',
      through: { table: 'user_schools', column: 'school_id', owner: 'user_id' },
      filter: 'school_id',
      min: 0,
      max: 500,
      required: false,
      default: [],
    },
  },
  list: { columns: ['id', 'name', 'email', 'is_active'], sort: 'id', order: 'asc', search: ['name', 'email'] },
  nameFromNameEn: false,
  adminOnly: true,
  customRoutes: true,
});

export default users;
