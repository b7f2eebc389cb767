import { defineArea } from './vocabulary';

/** Privacy and retention (issue 45): the retention rules' dry run, a screen in the system settings for admins. */
const privacy = defineArea({
  name: 'personal-data',
  pages: {
    privacy: {
      path: '/settings/privacy',
      view: 'privacy/RetentionPage',
      access: ['personal-data'],
      menu: 'system_settings',
    },
  },
});

export default privacy;
