import { sql, type Kysely } from 'kysely';

/**
 * Correction (issue 13): each marker's sheet of marks per attempt (a version guards two markers
 * at once), the marks themselves (per question, or per related question of a paragraph), an audit
 * trail of every change, the exam's marking settings (double marking with its threshold, anonymous
 * marking), a code per assignment that stands for the student when marking is anonymous, and the
 * attempt's marking counters and result, from which the correction status is computed in SQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .alterTable('exams')
    .addColumn('double_marking', 'boolean', (c) => c.notNull().defaultTo(false))
    // The largest difference between the two markers, as a percentage of the question's mark, that
    // is settled by their average; above it a third marker decides.
    .addColumn('double_marking_threshold', 'numeric(5, 2)', (c) => c.notNull().defaultTo(20))
    .addColumn('anonymous_marking', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('student_exams')
    .addColumn('marking_code', 'varchar(16)', (c) =>
      c.notNull().defaultTo(sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 8))`),
    )
    .execute();
  await db.schema
    .alterTable('exam_attempts')
    // Parts that need a human (answered essays and recordings, a paragraph's among them), how many
    // have a final mark, whether any marker has marked one, and whether one waits for a deciding mark.
    .addColumn('marking_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('marking_final', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('marking_started', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('needs_deciding', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('correction_version', 'integer', (c) => c.notNull().defaultTo(0))
    // The result once every part has its final mark: raw points, the mark on the exam's scale,
    // pass or fail against its pass mark, and the points per skill.
    .addColumn('result_score', 'numeric(8, 2)')
    .addColumn('result_max', 'numeric(8, 2)')
    .addColumn('result_mark', 'numeric(6, 2)')
    .addColumn('result_passed', 'boolean')
    .addColumn('skill_scores', 'jsonb')
    .addColumn('corrected_at', 'timestamptz')
    .execute();
  await sql`update exam_attempts a set marking_total = (
      select count(*) from attempt_answers aa where aa.attempt_id = a.id and aa.needs_manual)
    where a.needs_correction`.execute(db);
  // Attempts already submitted with nothing to mark have their result now (paragraphs holding
  // several essays are counted once above: there were none submitted when this shipped).
  await sql`update exam_attempts a set
      result_score = a.score, result_max = a.max_score,
      result_mark = (case when a.max_score > 0 then round(a.score / a.max_score * e.max_mark, 2) else 0 end),
      result_passed = (case when a.max_score > 0 then round(a.score / a.max_score * e.max_mark, 2) else 0 end) >= e.pass_mark,
      corrected_at = a.submitted_at
    from student_exams se join exams e on e.id = se.exam_id
    where se.id = a.student_exam_id and a.status = 'submitted' and not a.needs_correction`.execute(db);

  await db.schema
    .createTable('correction_sheets')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    // 1: the marker (the first of two under double marking), 2: the second, 3: the deciding one.
    .addColumn('slot', 'smallint', (c) => c.notNull().check(sql`slot between 1 and 3`))
    .addColumn('marker_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('correction_sheets_pkey', ['attempt_id', 'slot'])
    .execute();

  await db.schema
    .createTable('correction_marks')
    .addColumn('attempt_id', 'integer', (c) => c.notNull())
    .addColumn('slot', 'smallint', (c) => c.notNull())
    .addColumn('question_id', 'integer', (c) => c.notNull().references('exam_questions.id').onDelete('cascade'))
    // '' for the whole question, a related question's id inside a paragraph.
    .addColumn('part', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('mark', 'numeric(8, 2)')
    .addColumn('comment', 'text')
    // Set when the mark overrides an automatic score.
    .addColumn('reason', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('correction_marks_pkey', ['attempt_id', 'slot', 'question_id', 'part'])
    .addForeignKeyConstraint(
      'correction_marks_sheet_fkey',
      ['attempt_id', 'slot'],
      'correction_sheets',
      ['attempt_id', 'slot'],
      (c) => c.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('correction_audit')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('part', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('slot', 'smallint', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Kept as it was when the change was made: the audit outlives a renamed or deleted account.
    .addColumn('user_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('old_mark', 'numeric(8, 2)')
    .addColumn('new_mark', 'numeric(8, 2)')
    .addColumn('old_comment', 'text')
    .addColumn('new_comment', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('correction_audit_attempt_index').on('correction_audit').column('attempt_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
