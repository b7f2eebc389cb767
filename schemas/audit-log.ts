import { defineArea } from './vocabulary';

/** The one audit log of consequential actions (issue 26): a screen in the system settings, for admins. */
const auditLog = defineArea({
  name: 'audit-log',
  pages: {
    audit_log: {
      path: '/settings/audit-log',
      view: 'audit-log/AuditLogPage',
      access: ['audit-log'],
      menu: 'system_settings',
    },
  },
});

export default auditLog;
