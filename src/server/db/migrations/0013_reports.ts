import { sql, type Kysely } from 'kysely';

/**
 * Schools and reports (issue 14):
 * - school staff linked to their schools (`user_schools`);
 * - the attainment tier thresholds of each platform, and the academic year of an exam;
 * - the reporting table (`report_results`: one row per assignment with a corrected result, moved in
 *   by a school's report migration) and the state of each school's migration;
 * - report records (`reports`) whose files the report jobs write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('user_schools')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_schools_pkey', ['user_id', 'school_id'])
    .execute();

  await db.schema
    .alterTable('platforms')
    // Percent of the maximum: below `within_from` is Below Average, from `above_from` Above Average.
    .addColumn('tier_within_from', 'numeric(5, 2)', (c) => c.notNull().defaultTo(50))
    .addColumn('tier_above_from', 'numeric(5, 2)', (c) => c.notNull().defaultTo(80))
    .execute();
  await db.schema
    .alterTable('exams')
    .addColumn('academic_year_id', 'integer', (c) => c.references('academic_years.id'))
    .execute();

  await db.schema
    .createTable('report_results')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('student_exam_id', 'integer', (c) =>
      c.notNull().unique().references('student_exams.id').onDelete('cascade'),
    )
    .addColumn('attempt_id', 'integer', (c) => c.notNull())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('platform_id', 'integer', (c) => c.notNull())
    .addColumn('round_id', 'integer', (c) => c.notNull())
    .addColumn('academic_year_id', 'integer')
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('school_class_id', 'integer', (c) => c.notNull())
    .addColumn('grade_id', 'integer', (c) => c.notNull())
    .addColumn('level_id', 'integer')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('gender', 'varchar(10)', (c) => c.notNull())
    .addColumn('nationality', 'varchar(2)', (c) => c.notNull())
    .addColumn('score', 'numeric(8, 2)', (c) => c.notNull())
    .addColumn('max_score', 'numeric(8, 2)', (c) => c.notNull())
    .addColumn('mark', 'numeric(6, 2)', (c) => c.notNull())
    .addColumn('percent', 'numeric(5, 2)', (c) => c.notNull())
    .addColumn('passed', 'boolean', (c) => c.notNull())
    .addColumn('tier', 'varchar(10)', (c) => c.notNull())
    // {skill id: {score, max}} and {learning outcome id: {score, max}}.
    .addColumn('skill_scores', 'jsonb', (c) => c.notNull())
    .addColumn('outcome_scores', 'jsonb', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('corrected_at', 'timestamptz')
    .addColumn('migrated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('report_results_school_exam_index')
    .on('report_results')
    .columns(['school_id', 'exam_id', 'grade_id'])
    .execute();
  await db.schema
    .createIndex('report_results_round_index')
    .on('report_results')
    .columns(['platform_id', 'academic_year_id', 'round_id'])
    .execute();

  await db.schema
    .createTable('school_report_migrations')
    .addColumn('school_id', 'integer', (c) => c.primaryKey().references('schools.id').onDelete('cascade'))
    // 'migrating' while the job runs, then 'migrated' or 'failed'.
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('results', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id').onDelete('cascade'))
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('grade_id', 'integer')
    .addColumn('school_class_id', 'integer', (c) => c.references('school_classes.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('round_id', 'integer', (c) => c.notNull())
    .addColumn('academic_year_id', 'integer')
    // 'en', 'ar' or 'both': the languages its files are made in.
    .addColumn('language', 'varchar(4)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)')
    .addColumn('status', 'smallint', (c) => c.notNull())
    // One record per report: generating it again reuses the record.
    .addColumn('scope_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('generated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('reports_school_index').on('reports').columns(['school_id', 'exam_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
