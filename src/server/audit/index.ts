/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export { auditContext, recordAudit, recordAudits, type AuditContext, type AuditEntry } from './audit-log';
export { auditLogRoutes } from './audit-routes';
export { changedColumns } from './audit-changes';
