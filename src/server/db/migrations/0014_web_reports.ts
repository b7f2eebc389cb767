import { sql, type Kysely } from 'kysely';

/**
 * Web reports (issue 15): aggregate tables that the refresh job rebuilds every 24 hours and after a
 * school's report migration (SPEC section 9), and the record of each refresh. Their grain is
 * platform × academic year × round × school × grade; the dashboard sums them, so a request reads
 * thousands of rows, never the hundreds of thousands of results.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const grain = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('platform_id', 'integer', (c) => c.notNull())
      .addColumn('academic_year_id', 'integer')
      .addColumn('round_id', 'integer', (c) => c.notNull())
      .addColumn('school_id', 'integer', (c) => c.notNull())
      .addColumn('grade_id', 'integer', (c) => c.notNull());

  // Participation (from assignments) and results (from the reporting table) of one grain.
  await grain('web_report_figures')
    .addColumn('assigned', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('results', 'integer', (c) => c.notNull())
    .addColumn('percent_sum', 'numeric(14, 2)', (c) => c.notNull())
    .addColumn('below', 'integer', (c) => c.notNull())
    .addColumn('within', 'integer', (c) => c.notNull())
    .addColumn('above', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('web_report_figures_grain_index')
    .on('web_report_figures')
    .columns(['platform_id', 'round_id', 'grade_id', 'school_id'])
    .execute();
  await db.schema.createIndex('web_report_figures_school_index').on('web_report_figures').column('school_id').execute();

  // Each result's percentage on a skill, summed per grain and skill.
  await grain('web_report_skill_figures')
    .addColumn('skill_id', 'integer', (c) => c.notNull())
    .addColumn('results', 'integer', (c) => c.notNull())
    .addColumn('percent_sum', 'numeric(14, 2)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('web_report_skill_figures_grain_index')
    .on('web_report_skill_figures')
    .columns(['platform_id', 'round_id', 'grade_id', 'school_id'])
    .execute();
  await db.schema
    .createIndex('web_report_skill_figures_school_index')
    .on('web_report_skill_figures')
    .column('school_id')
    .execute();

  // Each result as of the refresh, for the leaderboard of one school, round and grade.
  await grain('web_report_students')
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('school_class_id', 'integer', (c) => c.notNull())
    .addColumn('percent', 'numeric(5, 2)', (c) => c.notNull())
    .addColumn('mark', 'numeric(6, 2)', (c) => c.notNull())
    .addColumn('tier', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('web_report_students_board_index')
    .on('web_report_students')
    .columns(['school_id', 'round_id', 'grade_id', 'percent'])
    .execute();

  // Students per school and grade: the subscribed students.
  await db.schema
    .createTable('web_report_enrolments')
    .addColumn('platform_id', 'integer', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('grade_id', 'integer', (c) => c.notNull())
    .addColumn('students', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('web_report_enrolments_pkey', ['school_id', 'grade_id'])
    .execute();

  await db.schema
    .createTable('web_report_refreshes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // 'running', then 'done' or 'failed'.
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    // 'schedule', 'migration' or 'admin'.
    .addColumn('reason', 'varchar(12)', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
