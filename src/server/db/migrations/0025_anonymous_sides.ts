import { sql, type Kysely } from 'kysely';

/**
 * The side each person took of an anonymously marked exam while its marking was open (issue 39):
 * `name` (its monitor, interventions, named results, a student's exams with their times) or `code`
 * (its anonymous correction views and marks). One row per person and exam, so one side: whichever
 * they took first, the other is refused them, and two requests at once cannot take both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('anonymous_marking_sides')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('side', 'varchar(4)', (c) => c.notNull().check(sql`side in ('name', 'code')`))
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('anonymous_marking_sides_pkey', ['exam_id', 'user_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
