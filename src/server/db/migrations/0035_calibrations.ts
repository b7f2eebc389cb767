import { sql, type Kysely } from 'kysely';

/**
 * Calibrations and the bank's item parameters (issue 42). A calibration is a record that is never
 * overwritten: its exams, method, progress, and per exam the fit and the anchors it used or dropped.
 * Item parameters are appended, one row per question and calibration; a question's current
 * parameter on a scale is its latest row. A scale's anchor is the calibration that fixed its origin:
 * once set, its reporting constants cannot change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calibrations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('scale_id', 'integer', (c) => c.notNull().references('scales.id'))
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('exam_ids', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('results', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('message', 'varchar(255)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('calibrations_scale_id_index').on('calibrations').column('scale_id').execute();
  // One calibration of a scale waits or runs at a time: two requests at once cannot both queue.
  await sql`create unique index calibrations_one_active on calibrations (scale_id)
    where status in ('queued', 'running')`.execute(db);
  await db.schema
    .createTable('item_parameters')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('scale_id', 'integer', (c) => c.notNull().references('scales.id'))
    .addColumn('calibration_id', 'integer', (c) => c.notNull().references('calibrations.id').onDelete('cascade'))
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('exam_question_id', 'integer', (c) => c.notNull().references('exam_questions.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.references('questions.id').onDelete('set null'))
    .addColumn('max', 'numeric(8, 2)', (c) => c.notNull())
    .addColumn('categories', 'jsonb', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('se', 'double precision')
    .addColumn('thresholds', 'jsonb', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('item_parameters_question_index')
    .on('item_parameters')
    .columns(['scale_id', 'question_id', 'id'])
    .execute();
  await db.schema
    .createIndex('item_parameters_exam_question_index')
    .on('item_parameters')
    .columns(['exam_question_id', 'scale_id', 'id'])
    .execute();
  await db.schema
    .alterTable('scales')
    .addColumn('anchor_calibration_id', 'integer', (c) => c.references('calibrations.id').onDelete('set null'))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
