import { sql, type Kysely } from 'kysely';

/**
 * Adaptive exams (issue 43): an exam's delivery mode and its adaptive rules (declared in
 * schemas/exams.ts), each attempt's questions in the order the server chose them with the ability
 * before each, and the attempt's measure on the scale at submission.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('exams')
    .addColumn('delivery_mode', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('fixed')
        .check(sql`delivery_mode in ('fixed', 'adaptive')`),
    )
    .addColumn('adaptive_min_questions', 'integer', (c) => c.defaultTo(10))
    .addColumn('adaptive_max_questions', 'integer', (c) => c.defaultTo(40))
    .addColumn('adaptive_se_target', 'numeric(4, 2)', (c) => c.defaultTo(0.3))
    .addColumn('adaptive_start', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('stage_mean')
        .check(sql`adaptive_start in ('stage_mean', 'last_score')`),
    )
    .addColumn('adaptive_exposure', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('randomesque')
        .check(sql`adaptive_exposure in ('none', 'randomesque')`),
    )
    .addColumn('adaptive_randomesque', 'integer', (c) => c.defaultTo(5))
    // The scale's latest calibration when the exam was published: its students are measured with the
    // bank's parameters as they stood then, whatever is calibrated while it runs.
    .addColumn('adaptive_calibration_id', 'integer', (c) => c.references('calibrations.id'))
    .execute();
  await db.schema
    .createTable('adaptive_steps')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('exam_question_id', 'integer', (c) => c.notNull().references('exam_questions.id').onDelete('cascade'))
    // The EAP estimate and its standard error the question was chosen at.
    .addColumn('ability', 'double precision', (c) => c.notNull())
    .addColumn('se', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('adaptive_steps_pkey', ['attempt_id', 'position'])
    .addUniqueConstraint('adaptive_steps_question', ['attempt_id', 'exam_question_id'])
    .execute();
  await db.schema
    .alterTable('exam_attempts')
    .addColumn('scale_id', 'integer', (c) => c.references('scales.id'))
    .addColumn('ability', 'double precision')
    .addColumn('ability_se', 'double precision')
    // When the adaptive test reached its stop rule: no question follows, the student submits.
    .addColumn('adaptive_finished_at', 'timestamptz')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
