import type { Kysely } from 'kysely';

/** Issue 46: an exam may require Safe Exam Browser (schemas/exams.ts); the server checks its Config Key. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('exams')
    .addColumn('safe_exam_browser', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
