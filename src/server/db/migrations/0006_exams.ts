import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

/**
 * Exams, the copies of questions they hold, their per-country localizations, and the student
 * exams that delivery fills in (created here so lifecycle rules can already see a started exam).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exams')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(255)', (c) => c.notNull())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id'))
    .addColumn('duration_id', 'integer', (c) => c.notNull().references('durations.id'))
    .addColumn('grade_id', 'integer', (c) => c.references('grades.id'))
    .addColumn('level_id', 'integer', (c) => c.references('levels.id'))
    .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id'))
    .addColumn('exam_type_id', 'integer', (c) => c.notNull().references('exam_types.id'))
    .addColumn('start_date_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date_time', 'timestamptz', (c) => c.notNull())
    .addColumn('min_mark', 'numeric(6, 2)', (c) => c.notNull())
    .addColumn('max_mark', 'numeric(6, 2)', (c) => c.notNull())
    .addColumn('pass_mark', 'numeric(6, 2)', (c) => c.notNull())
    .addColumn('questions_per_page', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('exams_platform_id_index').on('exams').column('platform_id').execute();

  await db.schema
    .createTable('exam_skills')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id'))
    .addPrimaryKeyConstraint('exam_skills_pk', ['exam_id', 'skill_id'])
    .execute();

  // A copy of a bank question inside one exam: later bank edits never reach it.
  await db.schema
    .createTable('exam_questions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('source_question_id', 'integer', (c) => c.references('questions.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id'))
    .addColumn('question_type_id', 'integer', (c) => c.notNull().references('question_types.id'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id'))
    .addColumn('difficulty_level_id', 'integer', (c) => c.notNull().references('difficulty_levels.id'))
    .addColumn('cognitive_level_id', 'integer', (c) => c.notNull().references('cognitive_levels.id'))
    .addColumn('learning_outcome_id', 'integer', (c) => c.notNull().references('learning_outcomes.id'))
    .addColumn('depth_of_knowledge_id', 'integer', (c) => c.notNull().references('depth_of_knowledges.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('content_language', 'varchar(5)', (c) => c.notNull())
    .addColumn('answer_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('answer_key', 'jsonb', (c) => c.notNull())
    .addColumn('mark', 'numeric(6, 2)', (c) => c.notNull())
    .addColumn('mark_option', 'varchar(20)', (c) => c.notNull())
    .addColumn('media_type', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
    .addColumn('media', 'varchar(100)')
    .addColumn('media_replay_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('instruction_audio', 'varchar(100)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('exam_questions_exam_id_index')
    .on('exam_questions')
    .columns(['exam_id', 'position'])
    .execute();

  await db.schema
    .createTable('exam_localizations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('countries', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('translations', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('exam_localizations_exam_id_index').on('exam_localizations').column('exam_id').execute();

  await db.schema
    .createTable('student_exams')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
    .addColumn('exam_localization_id', 'integer', (c) => c.references('exam_localizations.id'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('assigned'))
    .addColumn('started_at', 'timestamptz')
    .addColumn('deadline_at', 'timestamptz')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('student_exams_exam_id_index').on('student_exams').column('exam_id').execute();
  await db.schema.createIndex('student_exams_student_id_index').on('student_exams').column('student_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
