import { sql, type Kysely } from 'kysely';

/**
 * Delivery (SPEC sections 3 and 4): an assignment (`student_exams`: one per student and exam, with
 * its window and options), its attempts (a mock exam may be taken again; at most one runs at a
 * time) and each attempt's answers, one row per question with the client's sequence number.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .alterTable('student_exams')
    .addColumn('start_date_time', 'timestamptz')
    .addColumn('end_date_time', 'timestamptz')
    .addColumn('show_answers', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('shuffle_choices', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('shuffle_questions', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('assigned_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('student_exams_exam_student_unique')
    .on('student_exams')
    .columns(['exam_id', 'student_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('exam_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('student_exam_id', 'integer', (c) => c.notNull().references('student_exams.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('in_progress'))
    .addColumn('seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deadline_at', 'timestamptz', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('auto_submitted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('score', 'numeric(8, 2)')
    .addColumn('max_score', 'numeric(8, 2)')
    .addColumn('needs_correction', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('media_plays', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // One running attempt per assignment: two tabs starting at once get the same attempt.
  await sql`create unique index exam_attempts_one_running on exam_attempts (student_exam_id) where status = 'in_progress'`.execute(
    db,
  );
  await db.schema
    .createIndex('exam_attempts_deadline_index')
    .on('exam_attempts')
    .columns(['status', 'deadline_at'])
    .execute();

  await db.schema
    .createTable('attempt_answers')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('exam_questions.id').onDelete('cascade'))
    .addColumn('answer', 'jsonb')
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('score', 'numeric(8, 2)')
    .addColumn('needs_manual', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('attempt_answers_pkey', ['attempt_id', 'question_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
