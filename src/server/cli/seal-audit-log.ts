/**
 * `npm run db:seal-audit-log`: on PostgreSQL, makes the audit log append-only against the
 * application's own role (db/seal-audit-log.ts). Run it as a database administrator after the
 * first start and after each upgrade:
 *
 *   DATABASE_ADMIN_URL=postgres://postgres@db/ltm APP_DATABASE_ROLE=ltm_app npm run db:seal-audit-log
 *
 * DATABASE_ADMIN_URL: a superuser's (or the database owner's with CREATEROLE) connection to the
 * application's database; APP_DATABASE_ROLE: the role DATABASE_URL signs in as.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { sealAuditLog } from '../db/seal-audit-log';

const url = process.env.DATABASE_ADMIN_URL?.trim();
const role = process.env.APP_DATABASE_ROLE?.trim();
if (!url || !role) {
  console.error(
    'Set DATABASE_ADMIN_URL (an administrator of the database) and APP_DATABASE_ROLE (the application’s role).',
  );
  process.exit(1);
}
const admin = new Kysely<unknown>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
});
try {
  await sealAuditLog(admin, role);
  console.log(`audit_log sealed: owned by ltm_audit_owner; ${role} may insert and select only.`);
} catch (error) {
  console.error(`Cannot seal the audit log: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await admin.destroy();
}
