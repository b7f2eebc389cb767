import { sql, type Kysely } from 'kysely';
import { installAuditLogFunctions } from './audit-log-functions';

/** The role that owns the audit log once sealed: it cannot sign in, and the application is not it. */
export const AUDIT_OWNER_ROLE = 'ltm_audit_owner';

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Seals the audit log on PostgreSQL, run by an administrator's connection (a superuser, or a role
 * with CREATEROLE that can take ownership): the log, its sequence and its append-only trigger
 * function pass to `ltm_audit_owner` (NOLOGIN), and the application's role keeps INSERT and SELECT
 * on the log and USAGE on its sequence, nothing else. The application can then neither disable the
 * trigger (only an owner alters a table), nor update, delete or truncate a row (it may only run the
 * owner's `audit_log_pseudonymise`, which replaces an erased student's identity), nor drop the log
 * (its schema, `public`, passes to the same role), whatever it runs.
 * Idempotent: run it again after each upgrade. A later migration that alters the log itself must be
 * run by its owner.
 */
export async function sealAuditLog(admin: Kysely<unknown>, appRole: string): Promise<void> {
  if (!ROLE_NAME.test(appRole)) throw new Error(`not a role name: ${appRole}`);
  const owner = sql.id(AUDIT_OWNER_ROLE);
  const app = sql.id(appRole);
  await admin.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      found: boolean;
    }>`select exists (select 1 from pg_roles where rolname = ${appRole}) as found`.execute(trx);
    if (!rows[0]?.found) throw new Error(`no role named ${appRole}: name the role DATABASE_URL signs in as`);
    await sql`do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'ltm_audit_owner') then
        create role ltm_audit_owner nologin;
      end if;
    end $$`.execute(trx);
    // The log's functions as this release has them (a log sealed before migration 0043 lacks one).
    await installAuditLogFunctions(trx);
    await sql`alter table audit_log owner to ${owner}`.execute(trx);
    await sql`alter function audit_log_append_only() owner to ${owner}`.execute(trx);
    await sql`alter function audit_log_actor_snapshot() owner to ${owner}`.execute(trx);
    // An erased student's identity is replaced through this function alone (migration 0043).
    await sql`alter function audit_log_pseudonymise(text[], integer, text[], text) owner to ${owner}`.execute(trx);
    await sql`revoke all on function audit_log_pseudonymise(text[], integer, text[], text) from public`.execute(trx);
    await sql`grant execute on function audit_log_pseudonymise(text[], integer, text[], text) to ${app}`.execute(trx);
    await sql`revoke all on audit_log from ${app}`.execute(trx);
    await sql`revoke all on sequence audit_log_id_seq from ${app}`.execute(trx);
    // The schema's owner may drop any table in it: the application's role, owner of its database, owns
    // `public` through pg_database_owner. The schema passes too, and the application keeps creating
    // (and altering, and dropping) its own tables in it, as its migrations do.
    await sql`alter schema public owner to ${owner}`.execute(trx);
    await sql`grant usage, create on schema public to ${app}`.execute(trx);
    await sql`grant select, insert on audit_log to ${app}`.execute(trx);
    await sql`grant usage on sequence audit_log_id_seq to ${app}`.execute(trx);
  });
}
