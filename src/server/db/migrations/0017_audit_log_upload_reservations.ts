import { sql, type Kysely } from 'kysely';

/**
 * Issue 23:
 * - `audit_log`: the one append-only record of consequential actions (ARCHITECTURE.md, "Patterns
 *   for wave 3"): who (kept as a plain id, so the row outlives the account), when, from which
 *   address, what, on what, a summary, the reason and the request id, written in the same
 *   transaction as the change. The database refuses to update, delete or truncate it.
 * - `media_upload_reservations`: the bytes an upload under way holds against its owner's daily
 *   quota, taken under a per-user lock before a byte is stored, so concurrent uploads cannot all
 *   pass a check that reads first and counts later. A reservation left by a crash expires.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'integer')
    .addColumn('address', 'varchar(64)')
    .addColumn('action', 'varchar(100)', (c) => c.notNull())
    .addColumn('target', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('reason', 'text')
    .addColumn('request_id', 'varchar(100)')
    .execute();
  await db.schema.createIndex('audit_log_target_index').on('audit_log').columns(['target', 'at']).execute();
  await db.schema.createIndex('audit_log_actor_index').on('audit_log').columns(['actor_id', 'at']).execute();
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`create trigger audit_log_no_update_or_delete before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);

  await db.schema
    .createTable('media_upload_reservations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_upload_reservations_user_index')
    .on('media_upload_reservations')
    .column('user_id')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
