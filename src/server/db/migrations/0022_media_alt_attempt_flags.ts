import { sql, type Kysely } from 'kysely';

/**
 * A question picture's text alternative (WCAG 1.1.1), on bank questions and exams' copies: existing
 * rows keep none (they still read; saving an image without one is refused). And the questions a
 * student flagged for review, kept with the attempt so they follow the student to another computer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['questions', 'exam_questions'])
    await db.schema.alterTable(table).addColumn('media_alt', 'varchar(300)').execute();
  await db.schema
    .alterTable('exam_attempts')
    .addColumn('flags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
