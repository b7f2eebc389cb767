import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

/** Platform-scoped lookup tables with a bilingual name (SPEC section 3, Lookup entities). */
const LOOKUPS = [
  'skills',
  'rounds',
  'levels',
  'cognitive_levels',
  'difficulty_levels',
  'depth_of_knowledges',
  'question_types',
  'exam_types',
];

async function createLookup(db: Kysely<any>, table: string, extra?: (t: any) => any) {
  let builder = db.schema
    .createTable(table)
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(255)', (c) => c.notNull())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id'));
  if (extra) builder = extra(builder);
  await builder
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex(`${table}_platform_id_index`).on(table).column('platform_id').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of LOOKUPS) await createLookup(db, table);
  await createLookup(db, 'durations', (t) => t.addColumn('number', 'integer', (c: any) => c.notNull()));
  await createLookup(db, 'learning_outcomes', (t) =>
    t
      .addColumn('skill_id', 'integer', (c: any) => c.notNull().references('skills.id'))
      .addColumn('grade_id', 'integer', (c: any) => c.references('grades.id'))
      .addColumn('level_id', 'integer', (c: any) => c.references('levels.id')),
  );
  for (const column of ['skill_id', 'grade_id', 'level_id']) {
    await db.schema.createIndex(`learning_outcomes_${column}_index`).on('learning_outcomes').column(column).execute();
  }
  await db.schema.createIndex('school_classes_grade_id_index').on('school_classes').column('grade_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
