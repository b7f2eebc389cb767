import { sql, type Kysely } from 'kysely';

/**
 * Issue 46, a teacher's resource link launch: a course's teacher opens the exam's monitor here,
 * signed in as the staff account their platform identity is linked to. The first time, the
 * verified launch waits here (by the SHA-256 of the token its browser holds in a cookie, ten minutes
 * at most) while the teacher signs in with their own account and confirms the link, once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lti_account_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('exam_id', 'integer')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
