import { sql, type Kysely } from 'kysely';

/**
 * Issue 46, LTI Deep Linking 2.0: a teacher choosing, at their course, which exam an activity
 * opens. A verified deep linking request waits here (by the SHA-256 of the token its browser holds
 * in a cookie) while the teacher chooses, half an hour at most, and is answered once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lti_deep_link_requests')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('request', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
