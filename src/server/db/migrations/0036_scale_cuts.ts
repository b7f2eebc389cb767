import { sql, type Kysely } from 'kysely';

/** Cut scores of a reporting scale per grade or level (schemas/scale-cuts.ts, issue 42). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scale_cuts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(255)', (c) => c.notNull())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id'))
    .addColumn('scale_id', 'integer', (c) => c.notNull().references('scales.id'))
    .addColumn('grade_id', 'integer', (c) => c.references('grades.id'))
    .addColumn('level_id', 'integer', (c) => c.references('levels.id'))
    .addColumn('approaching_from', 'integer', (c) => c.notNull())
    .addColumn('meeting_from', 'integer', (c) => c.notNull())
    .addColumn('exceeding_from', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One set per scale and grade (or level): a missing grade or level is a value like any other.
  await sql`alter table scale_cuts add constraint scale_cuts_scale_id_key
    unique nulls not distinct (scale_id, grade_id, level_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
