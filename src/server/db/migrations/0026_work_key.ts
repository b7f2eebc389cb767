import type { Kysely } from 'kysely';

/**
 * A student's work key (issue 39): what their browser keeps of their unsent answers and recordings
 * is sealed with it (AES-GCM), and the server gives it only to the student's own session, so a
 * closed browser leaves nothing another person at the computer can read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('work_key', 'bytea').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
