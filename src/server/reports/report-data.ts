import { sql } from 'kysely';
import type { TierKey, TierThresholds } from '../../common/reports/index';
import { latestAttempt } from '../correction';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';

export interface Named {
  id: number;
  name_en: string;
  name_ar: string;
}

/** A report record with everything named that its document shows. */
export interface ReportContext {
  id: number;
  type: number;
  status: number;
  language: 'en' | 'ar' | 'both';
  file_name: string;
  exam: Named & {
    max_mark: number;
    pass_mark: number;
    /** An adaptive exam (issue 43): its documents report on the scale, not in marks. */
    adaptive: boolean;
    exam_type_id: number;
    /** The exam's own grade (IRA) or level (ISA): its earlier rounds are of the same. */
    grade_id: number | null;
    level_id: number | null;
  };
  platform: Named;
  school: Named;
  grade: Named | null;
  schoolClass: Named | null;
  /** `name` is the Latin copy (file names); the document shows the reader's `name_en` or `name_ar`. */
  student: (Named & { name: string }) | null;
  round: Named;
  academicYear: Named | null;
  thresholds: TierThresholds;
}

const named = (id: number | null, en: string | null, ar: string | null): Named | null =>
  id === null ? null : { id, name_en: en ?? '', name_ar: ar ?? '' };

export async function loadReportContext(db: Db, reportId: number): Promise<ReportContext> {
  const row = await db
    .selectFrom('reports as r')
    .innerJoin('exams as e', 'e.id', 'r.exam_id')
    .innerJoin('platforms as p', 'p.id', 'r.platform_id')
    .innerJoin('schools as sc', 'sc.id', 'r.school_id')
    .innerJoin('rounds as ro', 'ro.id', 'r.round_id')
    .leftJoin('grades as g', 'g.id', 'r.grade_id')
    .leftJoin('school_classes as cl', 'cl.id', 'r.school_class_id')
    .leftJoin('students as st', 'st.id', 'r.student_id')
    .leftJoin('academic_years as ay', 'ay.id', 'r.academic_year_id')
    .select([
      'r.id',
      'r.type',
      'r.status',
      'r.language',
      'r.file_name',
      'e.id as exam_id',
      'e.name_en as exam_en',
      'e.name_ar as exam_ar',
      'e.max_mark',
      'e.pass_mark',
      'e.delivery_mode',
      'e.exam_type_id',
      'e.grade_id as exam_grade_id',
      'e.level_id as exam_level_id',
      'p.id as platform_id',
      'p.name_en as platform_en',
      'p.name_ar as platform_ar',
      'p.tier_within_from',
      'p.tier_above_from',
      'sc.id as school_id',
      'sc.name_en as school_en',
      'sc.name_ar as school_ar',
      'ro.id as round_id',
      'ro.name_en as round_en',
      'ro.name_ar as round_ar',
      'g.id as grade_id',
      'g.name_en as grade_en',
      'g.name_ar as grade_ar',
      'cl.id as class_id',
      'cl.name_en as class_en',
      'cl.name_ar as class_ar',
      'st.id as student_id',
      'st.name as student_name',
      'st.name_en as student_en',
      'st.name_ar as student_ar',
      'ay.id as year_id',
      'ay.name_en as year_en',
      'ay.name_ar as year_ar',
    ])
    .where('r.id', '=', reportId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    language: row.language,
    file_name: row.file_name,
    exam: {
      id: row.exam_id,
      name_en: row.exam_en,
      name_ar: row.exam_ar,
      max_mark: Number(row.max_mark),
      pass_mark: Number(row.pass_mark),
      adaptive: row.delivery_mode === 'adaptive',
      exam_type_id: row.exam_type_id,
      grade_id: row.exam_grade_id,
      level_id: row.exam_level_id,
    },
    platform: { id: row.platform_id, name_en: row.platform_en, name_ar: row.platform_ar },
    school: { id: row.school_id, name_en: row.school_en, name_ar: row.school_ar },
    round: { id: row.round_id, name_en: row.round_en, name_ar: row.round_ar },
    grade: named(row.grade_id, row.grade_en, row.grade_ar),
    schoolClass: named(row.class_id, row.class_en, row.class_ar),
    student:
      row.student_id === null
        ? null
        : {
            id: row.student_id,
            name: row.student_name ?? '',
            name_en: row.student_en ?? row.student_name ?? '',
            name_ar: row.student_ar ?? row.student_name ?? '',
          },
    academicYear: named(row.year_id, row.year_en, row.year_ar),
    thresholds: { within_from: Number(row.tier_within_from), above_from: Number(row.tier_above_from) },
  };
}

export type ScoreMap = Record<string, { score: number; max: number }>;

/** A migrated result as reports use it. */
export interface ResultRow {
  student_id: number;
  /** The exam of the result (a previous round's results name theirs). */
  exam_id: number;
  /** The Latin copy of the name (file names). */
  student_name: string;
  /** The names a document shows, in its reader's language. */
  student_names: { name_en: string; name_ar: string };
  school_class: Named;
  grade: Named;
  /** On the exam's scale, as the result holds it (two decimals). */
  mark: number;
  score: number;
  max_score: number;
  /** Exact: score over max_score, times 100 (averages are taken over exact values). */
  percent: number;
  passed: boolean;
  tier: TierKey;
  skills: ScoreMap;
  outcomes: ScoreMap;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The exams of one platform, academic year, exam type and grade (or level): one exam's rounds. */
export interface ExamSeries {
  platform_id: number;
  academic_year_id: number;
  exam_type_id: number;
  grade_id: number | null;
  level_id: number | null;
}

/** Which results a report covers: its exam (or a round of the same series) at its school, grade, class or student. */
export interface ResultScope {
  school_id: number;
  grade_id?: number | null;
  school_class_id?: number | null;
  student_id?: number | null;
  exam_id?: number;
  series?: ExamSeries;
  round_id?: number;
}

/** The series of a report's exam; null when the exam has no academic year (no rounds to compare). */
export const seriesOf = (context: ReportContext): ExamSeries | null =>
  context.academicYear
    ? {
        platform_id: context.platform.id,
        academic_year_id: context.academicYear.id,
        exam_type_id: context.exam.exam_type_id,
        grade_id: context.exam.grade_id,
        level_id: context.exam.level_id,
      }
    : null;

function scopeConditions(scope: ResultScope) {
  const conditions = [sql`r.school_id = ${scope.school_id}`];
  if (scope.grade_id) conditions.push(sql`r.grade_id = ${scope.grade_id}`);
  if (scope.school_class_id) conditions.push(sql`r.school_class_id = ${scope.school_class_id}`);
  if (scope.student_id) conditions.push(sql`r.student_id = ${scope.student_id}`);
  if (scope.exam_id !== undefined) conditions.push(sql`r.exam_id = ${scope.exam_id}`);
  if (scope.series)
    conditions.push(
      sql`r.platform_id = ${scope.series.platform_id} and r.academic_year_id = ${scope.series.academic_year_id}
        and exists (select 1 from exams se where se.id = r.exam_id and se.exam_type_id = ${scope.series.exam_type_id}
          and se.grade_id is not distinct from ${scope.series.grade_id}::int
          and se.level_id is not distinct from ${scope.series.level_id}::int)`,
    );
  if (scope.round_id !== undefined) conditions.push(sql`r.round_id = ${scope.round_id}`);
  return sql.join(conditions, sql` and `);
}

export async function loadResults(db: Db, scope: ResultScope): Promise<ResultRow[]> {
  const { rows } = await sql<{
    student_id: number;
    exam_id: number;
    student_name: string;
    student_en: string;
    student_ar: string;
    class_id: number;
    class_en: string;
    class_ar: string;
    grade_id: number;
    grade_en: string;
    grade_ar: string;
    mark: string;
    score: string;
    max_score: string;
    passed: boolean;
    tier: TierKey;
    skill_scores: unknown;
    outcome_scores: unknown;
  }>`
    select r.student_id, r.exam_id, st.name as student_name, st.name_en as student_en, st.name_ar as student_ar, cl.id as class_id, cl.name_en as class_en, cl.name_ar as class_ar,
      g.id as grade_id, g.name_en as grade_en, g.name_ar as grade_ar, r.mark, r.score, r.max_score, r.passed, r.tier, r.skill_scores, r.outcome_scores
    from report_results r
    join students st on st.id = r.student_id
    join school_classes cl on cl.id = r.school_class_id
    join grades g on g.id = r.grade_id
    where ${scopeConditions(scope)}
    order by cl.id, st.name, st.id, r.exam_id`.execute(db);
  return rows.map((row) => ({
    student_id: Number(row.student_id),
    exam_id: Number(row.exam_id),
    student_name: row.student_name,
    student_names: { name_en: row.student_en, name_ar: row.student_ar },
    school_class: { id: Number(row.class_id), name_en: row.class_en, name_ar: row.class_ar },
    grade: { id: Number(row.grade_id), name_en: row.grade_en, name_ar: row.grade_ar },
    mark: Number(row.mark),
    score: Number(row.score),
    max_score: Number(row.max_score),
    percent: Number(row.max_score) > 0 ? (Number(row.score) / Number(row.max_score)) * 100 : 0,
    passed: row.passed,
    tier: row.tier,
    skills: json<ScoreMap>(row.skill_scores) ?? {},
    outcomes: json<ScoreMap>(row.outcome_scores) ?? {},
  }));
}

/** Assigned and completed (submitted) students of the report's exam in its scope. */
export async function loadParticipation(db: Db, examId: number, scope: ResultScope) {
  const conditions = [sql`se.exam_id = ${examId}`, sql`st.school_id = ${scope.school_id}`];
  if (scope.grade_id) conditions.push(sql`st.grade_id = ${scope.grade_id}`);
  if (scope.school_class_id) conditions.push(sql`st.school_class_id = ${scope.school_class_id}`);
  const { rows } = await sql<{ assigned: number; completed: number }>`
    select count(*)::int as assigned, count(la.id) filter (where la.status = 'submitted')::int as completed
    from student_exams se
    join students st on st.id = se.student_id
    left join lateral ${latestAttempt} la on true
    where ${sql.join(conditions, sql` and `)}`.execute(db);
  return { assigned: Number(rows[0].assigned), completed: Number(rows[0].completed) };
}

/**
 * The latest earlier round of the report's exam series (same platform, academic year and exam type)
 * with results in the scope (a student's scope: that student's), if any.
 */
export async function previousRound(db: Db, context: ReportContext, scope: ResultScope): Promise<Named | null> {
  const series = seriesOf(context);
  if (!series) return null;
  const { rows } = await sql<{ id: number; name_en: string; name_ar: string }>`
    select ro.id, ro.name_en, ro.name_ar from rounds ro
    where ro.id < ${context.round.id} and exists (
      select 1 from report_results r
      where ${scopeConditions({ ...scope, exam_id: undefined, series })} and r.round_id = ro.id)
    order by ro.id desc limit 1`.execute(db);
  return rows[0] ? { id: Number(rows[0].id), name_en: rows[0].name_en, name_ar: rows[0].name_ar } : null;
}

/** Names of skills and learning outcomes by id. */
export async function lookupNames(db: Db, table: 'skills' | 'learning_outcomes', ids: number[]) {
  if (ids.length === 0) return new Map<number, Named>();
  const rows = await db
    .selectFrom(table)
    .select(['id', 'name_en', 'name_ar'])
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
