import { sql, type Kysely } from 'kysely';

/**
 * - Platforms get a bilingual name like every other lookup (`name` stays the copy of `name_en`).
 * - Exam types say whether they are mock tests (taken any number of times, never reported).
 * - Students get a level: ISA exams go by level, so an ISA student needs one beside the grade.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('platforms')
    .addColumn('name_en', 'varchar(255)')
    .addColumn('name_ar', 'varchar(255)')
    .execute();
  await sql`update platforms set name_en = name, name_ar = name`.execute(db);
  await db.schema
    .alterTable('platforms')
    .alterColumn('name_en', (c) => c.setNotNull())
    .execute();
  await db.schema
    .alterTable('platforms')
    .alterColumn('name_ar', (c) => c.setNotNull())
    .execute();

  await db.schema
    .alterTable('exam_types')
    .addColumn('is_mock', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .alterTable('students')
    .addColumn('level_id', 'integer', (c) => c.references('levels.id'))
    .execute();
  await db.schema.createIndex('students_level_id_index').on('students').column('level_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
