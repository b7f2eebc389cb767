/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export { auditContext, recordAudit, type AuditEntry } from './audit-log';
