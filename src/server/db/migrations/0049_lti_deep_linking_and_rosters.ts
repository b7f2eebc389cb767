import { sql, type Kysely } from 'kysely';

/**
 * Issue 46, LTI Deep Linking 2.0: a teacher choosing, at their course, which exam an activity
 * opens. A verified deep linking request waits here (by the SHA-256 of the token its browser holds
 * in a cookie) while the teacher chooses, half an hour at most, and is answered once. And Names and
 * Role Provisioning Services 2.0: a link's course membership address, read every few hours (when
 * next due) to link the course's learners by their roster numbers, so their scores go back even
 * when they sat the exam without launching it from the course.
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
  await db.schema.alterTable('lti_links').addColumn('memberships_url', 'text').execute();
  await db.schema.alterTable('lti_links').addColumn('roster_due_at', 'timestamptz').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
