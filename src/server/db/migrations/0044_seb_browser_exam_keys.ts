import { sql, type Kysely } from 'kysely';

/** Issue 46: the Browser Exam Keys an exam that requires Safe Exam Browser also accepts (schemas/exams.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('exams')
    .addColumn('seb_browser_exam_keys', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
