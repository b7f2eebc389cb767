import { sql, type Kysely } from 'kysely';

/**
 * Issue 46: a second factor for staff (TOTP, RFC 6238). The account keeps its secret, the secret it
 * is enrolling (until a first code confirms it) and the time step of the last code it took (a code
 * is never taken twice); recovery codes are kept as SHA-256 hashes; a sign-in whose password was
 * right waits in `mfa_challenges` for its code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('mfa_secret', 'text')
    .addColumn('mfa_pending_secret', 'text')
    .addColumn('mfa_enabled_at', 'timestamptz')
    .addColumn('mfa_last_step', 'integer')
    .execute();
  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('mfa_recovery_codes_user').on('mfa_recovery_codes').column('user_id').execute();
  await db.schema
    .createTable('mfa_challenges')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mfa_challenges_user').on('mfa_challenges').column('user_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
