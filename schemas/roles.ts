import { defineArea } from './vocabulary';

/** Roles and their permissions (issue 41, mission row 8): a screen in the system settings, for admins. */
const roles = defineArea({
  name: 'roles',
  pages: {
    roles: {
      path: '/settings/roles',
      view: 'settings/RolesPage',
      access: ['roles'],
      menu: 'system_settings',
    },
  },
});

export default roles;
