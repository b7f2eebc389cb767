import { sql, type Kysely } from 'kysely';

/**
 * Throttling that concurrency cannot outrun (issue 23):
 * - `rate_limits`: one row per key (an address's or an account's sign-ins, an account and address
 *   pair, a user's report requests) whose allowance is taken by one atomic upsert before the work
 *   is done, so parallel requests cannot all pass a check that reads first and counts later.
 *   `blocked_until` is a pair's growing wait between sign-in attempts.
 * - `login_devices`: browsers that signed in to an account (the SHA-256 of a random cookie value):
 *   their owner's attempts are throttled on their own, so an attacker elsewhere cannot lock the
 *   owner out.
 * The failure counts of `login_failures` are replaced by the above.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_hit_at', 'timestamptz', (c) => c.notNull())
    .addColumn('blocked_until', 'timestamptz')
    .execute();

  await db.schema
    .createTable('login_devices')
    .addColumn('token_hash', 'char(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('login_devices_pkey', ['token_hash', 'user_id'])
    .execute();
  await db.schema.createIndex('login_devices_user_index').on('login_devices').column('user_id').execute();

  await db.schema.dropTable('login_failures').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
