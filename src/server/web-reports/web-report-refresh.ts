import { sql } from 'kysely';
import type { Db } from '../db/database';
import { writeScaleFigures } from './web-report-scales';

export type RefreshReason = 'schedule' | 'migration' | 'admin';

/**
 * Participation from the assignments of non-mock exams, results from the reporting table, per grain.
 * Assigned, completed and results all count assignments (one student's exam), so they add up across
 * rounds and compare with each other; subscribed students (ENROLMENTS) count students. An
 * assignment's grain is its school and grade as the reporting table records them (the assignment's
 * own, else the student's). The percentages summed are exact (score over maximum), never the
 * results' two-decimal percentages: averages are taken over exact values (the column keeps the sum
 * to two decimals, so an average is within 0.005 / results of the exact mean).
 */
const FIGURES = sql`
  insert into web_report_figures
    (platform_id, academic_year_id, round_id, school_id, grade_id, assigned, completed, results, percent_sum, below, within, above)
  select platform_id, nullif(year_key, 0), round_id, school_id, grade_id, sum(assigned), sum(completed),
    sum(results), sum(percent_sum), sum(below), sum(within), sum(above)
  from (
    select platform_id, year_key, round_id, school_id, grade_id, count(*) as assigned,
      count(*) filter (where submitted) as completed,
      0 as results, 0 as percent_sum, 0 as below, 0 as within, 0 as above
    from (
      select e.platform_id, coalesce(e.academic_year_id, 0) as year_key, e.round_id,
        coalesce(se.school_id, st.school_id) as school_id, coalesce(se.grade_id, st.grade_id) as grade_id,
        exists (select 1 from exam_attempts a where a.student_exam_id = se.id and a.status = 'submitted') as submitted
      from student_exams se
      join exams e on e.id = se.exam_id
      join exam_types et on et.id = e.exam_type_id
      join students st on st.id = se.student_id
      where not et.is_mock
    ) assignments
    group by platform_id, year_key, round_id, school_id, grade_id
    union all
    select platform_id, coalesce(academic_year_id, 0), round_id, school_id, grade_id, 0, 0, count(*),
      sum(case when max_score > 0 then score * 100 / max_score else 0 end),
      count(*) filter (where tier = 'below'), count(*) filter (where tier = 'within'),
      count(*) filter (where tier = 'above')
    from report_results
    group by platform_id, coalesce(academic_year_id, 0), round_id, school_id, grade_id
  ) parts
  group by platform_id, year_key, round_id, school_id, grade_id`;

/** Each result's exact percentage on each skill it was scored on. */
const SKILL_FIGURES = sql`
  insert into web_report_skill_figures
    (platform_id, academic_year_id, round_id, school_id, grade_id, skill_id, results, percent_sum)
  select r.platform_id, r.academic_year_id, r.round_id, r.school_id, r.grade_id, s.key::integer, count(*),
    sum((s.value ->> 'score')::numeric * 100 / (s.value ->> 'max')::numeric)
  from report_results r
  cross join lateral jsonb_each(r.skill_scores) s
  where (s.value ->> 'max')::numeric > 0
  group by r.platform_id, r.academic_year_id, r.round_id, r.school_id, r.grade_id, s.key`;

const STUDENTS = sql`
  insert into web_report_students
    (platform_id, academic_year_id, round_id, school_id, grade_id, student_id, school_class_id, percent, mark, tier,
     student_exam_id)
  select platform_id, academic_year_id, round_id, school_id, grade_id, student_id, school_class_id, percent, mark, tier,
    student_exam_id
  from report_results`;

const ENROLMENTS = sql`
  insert into web_report_enrolments (platform_id, school_id, grade_id, students)
  select g.platform_id, st.school_id, st.grade_id, count(*)
  from students st join grades g on g.id = st.grade_id
  group by g.platform_id, st.school_id, st.grade_id`;

const TABLES = [
  'web_report_figures',
  'web_report_skill_figures',
  'web_report_students',
  'web_report_enrolments',
  'web_report_scale_figures',
];
/** One refresh at a time, whichever process runs it. */
const REFRESH_LOCK = 7_415_001;

/**
 * Rebuilds every web report aggregate in one transaction (readers see the old figures until it
 * commits) and records the refresh. Returns when it finished and how many rows it wrote.
 */
export async function refreshWebReports(
  db: Db,
  reason: RefreshReason,
  now: () => Date,
): Promise<{ refreshed_at: Date; rows: number }> {
  const record = await db
    .insertInto('web_report_refreshes')
    .values({ status: 'running', reason, started_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const rows = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`.execute(trx);
      for (const table of TABLES) await sql`delete from ${sql.table(table)}`.execute(trx);
      let written = 0;
      for (const statement of [FIGURES, SKILL_FIGURES, STUDENTS, ENROLMENTS]) {
        const result = await statement.execute(trx);
        written += Number(result.numAffectedRows ?? 0);
      }
      return written + (await writeScaleFigures(trx));
    });
    const refreshed_at = now();
    await db
      .updateTable('web_report_refreshes')
      .set({ status: 'done', finished_at: refreshed_at, row_count: rows })
      .where('id', '=', record.id)
      .execute();
    return { refreshed_at, rows };
  } catch (error) {
    await db
      .updateTable('web_report_refreshes')
      .set({ status: 'failed', finished_at: now(), error: String((error as Error).message ?? error).slice(0, 2000) })
      .where('id', '=', record.id)
      .execute();
    throw error;
  }
}

/** When the figures were last refreshed (null: never). */
export async function lastRefreshedAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('web_report_refreshes')
    .select('finished_at')
    .where('status', '=', 'done')
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finished_at ?? null;
}
