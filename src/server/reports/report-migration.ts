import { sql } from 'kysely';
import { percentOf, tierOf } from '../../common/reports/index';
import { round2 } from '../../common/questions/index';
import { finalItemMarks, latestAttempt } from '../correction';
import type { Db } from '../db/database';

type ScoreMap = Record<string, { score: number; max: number }>;

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The corrected, non-mock, released results of a school's assignments: the latest attempt of each,
 * with its exam's settings. A result enters the reports once it is released to its student (issue
 * 26): by an author or admin, or by the job that releases an `after_close` assignment at the end
 * of its window.
 */
async function correctedResults(db: Db, schoolId: number) {
  const { rows } = await sql<{
    student_exam_id: number;
    attempt_id: number;
    exam_id: number;
    platform_id: number;
    round_id: number;
    academic_year_id: number | null;
    school_id: number;
    school_class_id: number;
    grade_id: number;
    level_id: number | null;
    student_id: number;
    gender: string | null;
    nationality: string | null;
    result_score: string;
    result_max: string;
    result_mark: string;
    result_passed: boolean;
    skill_scores: unknown;
    submitted_at: Date | null;
    corrected_at: Date | null;
    double_marking: boolean;
    double_marking_threshold: string;
    tier_within_from: string;
    tier_above_from: string;
  }>`
    select se.id as student_exam_id, la.id as attempt_id, e.id as exam_id, e.platform_id, e.round_id,
      e.academic_year_id, coalesce(se.school_id, st.school_id) as school_id,
      coalesce(se.school_class_id, st.school_class_id) as school_class_id, coalesce(se.grade_id, st.grade_id) as grade_id,
      case when se.school_class_id is null then st.level_id else se.level_id end as level_id, st.id as student_id,
      st.gender, st.nationality, la.result_score, la.result_max, la.result_mark, la.result_passed,
      la.skill_scores, la.submitted_at, la.corrected_at, e.double_marking, e.double_marking_threshold,
      p.tier_within_from, p.tier_above_from
    from student_exams se
    join students st on st.id = se.student_id
    join exams e on e.id = se.exam_id
    join exam_types et on et.id = e.exam_type_id
    join platforms p on p.id = e.platform_id
    join lateral ${latestAttempt} la on true
    where coalesce(se.school_id, st.school_id) = ${schoolId} and not et.is_mock and la.status = 'submitted' and la.result_mark is not null
      and se.released_at is not null
    order by se.id`.execute(db);
  return rows;
}

/** Each exam question's learning outcome, for the breakdown by outcome. */
async function outcomesOf(db: Db, examIds: number[]): Promise<Map<number, number>> {
  if (examIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('exam_questions')
    .select(['id', 'learning_outcome_id'])
    .where('exam_id', 'in', examIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.learning_outcome_id]));
}

/**
 * Moves a school's corrected, released results into the reporting table (`report_results`): one row per
 * assignment with its mark, percentage, tier (by its platform's thresholds), and its points per
 * skill and per learning outcome. Rows of results that are no longer there (an exam reassigned) go.
 * Runs in one transaction; returns how many results the school has.
 */
export async function migrateSchoolResults(db: Db, schoolId: number, now: Date): Promise<number> {
  // Inside a caller's transaction (a generation request that may still be refused), it joins it.
  if (db.isTransaction) return migrate(db, schoolId, now);
  return db.transaction().execute((trx) => migrate(trx, schoolId, now));
}

async function migrate(trx: Db, schoolId: number, now: Date): Promise<number> {
  const results = await correctedResults(trx, schoolId);
  const outcomes = await outcomesOf(trx, [...new Set(results.map((r) => r.exam_id))]);
  for (const result of results) {
    const items = await finalItemMarks(
      trx,
      {
        id: result.exam_id,
        double_marking: result.double_marking,
        double_marking_threshold: Number(result.double_marking_threshold),
      },
      result.attempt_id,
    );
    const byOutcome: ScoreMap = {};
    for (const item of items) {
      const outcome = String(outcomes.get(item.question_id) ?? 0);
      const entry = (byOutcome[outcome] ??= { score: 0, max: 0 });
      entry.score = round2(entry.score + item.final);
      entry.max = round2(entry.max + item.max);
    }
    const percent = percentOf(Number(result.result_score), Number(result.result_max));
    const values = {
      attempt_id: result.attempt_id,
      exam_id: result.exam_id,
      platform_id: result.platform_id,
      round_id: result.round_id,
      academic_year_id: result.academic_year_id,
      school_id: result.school_id,
      school_class_id: result.school_class_id,
      grade_id: result.grade_id,
      level_id: result.level_id,
      student_id: result.student_id,
      gender: result.gender,
      nationality: result.nationality,
      score: Number(result.result_score),
      max_score: Number(result.result_max),
      mark: Number(result.result_mark),
      percent,
      passed: result.result_passed,
      tier: tierOf(percent, {
        within_from: Number(result.tier_within_from),
        above_from: Number(result.tier_above_from),
      }),
      skill_scores: JSON.stringify(json<ScoreMap>(result.skill_scores) ?? {}),
      outcome_scores: JSON.stringify(byOutcome),
      submitted_at: result.submitted_at,
      corrected_at: result.corrected_at,
      migrated_at: now,
    };
    await trx
      .insertInto('report_results')
      .values({ student_exam_id: result.student_exam_id, ...values })
      .onConflict((oc) => oc.column('student_exam_id').doUpdateSet(values))
      .execute();
  }
  const kept = results.map((r) => r.student_exam_id);
  await trx
    .deleteFrom('report_results')
    .where('school_id', '=', schoolId)
    .$if(kept.length > 0, (q) => q.where('student_exam_id', 'not in', kept))
    .execute();
  return results.length;
}
