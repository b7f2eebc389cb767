import { sql } from 'kysely';
import type { AdaptiveAnalysis } from '../../common/contracts/index';
import {
  ADAPTIVE_MIN_SEEN,
  analyseAdaptiveItems,
  type AnalysedItem,
  type ItemStatistics,
} from '../../common/statistics/index';
import type { Db } from '../db/database';
import type { AttemptFacts, ExamQuestion } from './item-scores';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

interface AdaptiveRules {
  scale: { id: number; name_en: string; name_ar: string };
  se_target: number;
  min_questions: number;
  max_questions: number;
  calibration_id: number | null;
}

/** The exam's adaptive rules and the scale of its skill, or null for a fixed form (or one without a scale). */
export async function adaptiveRules(db: Db, examId: number): Promise<AdaptiveRules | null> {
  const { rows } = await sql<{
    delivery_mode: string;
    adaptive_se_target: string | number | null;
    adaptive_min_questions: number | null;
    adaptive_max_questions: number | null;
    adaptive_calibration_id: number | null;
    scale_id: number | null;
    name_en: string | null;
    name_ar: string | null;
  }>`
    select e.delivery_mode, e.adaptive_se_target, e.adaptive_min_questions, e.adaptive_max_questions,
      e.adaptive_calibration_id, s.id as scale_id, s.name_en, s.name_ar
    from exams e
    left join lateral (select s.id, s.name_en, s.name_ar from scales s
      join exam_skills es on es.skill_id = s.skill_id and es.exam_id = e.id
      where s.platform_id = e.platform_id order by s.id limit 1) s on true
    where e.id = ${examId}`.execute(db);
  const row = rows[0];
  if (!row || row.delivery_mode !== 'adaptive' || row.scale_id === null) return null;
  return {
    scale: { id: Number(row.scale_id), name_en: row.name_en!, name_ar: row.name_ar! },
    se_target: Number(row.adaptive_se_target ?? 0.3),
    min_questions: row.adaptive_min_questions ?? 10,
    max_questions: row.adaptive_max_questions ?? 40,
    calibration_id: row.adaptive_calibration_id,
  };
}

/** The bank's difficulty of each exam question on the scale as of the exam's calibration: its steps' mean. */
async function bankDifficulties(db: Db, examId: number, rules: AdaptiveRules): Promise<Map<number, number>> {
  const { rows } = await sql<{ id: number; thresholds: unknown }>`
    select eq.id, p.thresholds from exam_questions eq
    join lateral (select thresholds from item_parameters
      where scale_id = ${rules.scale.id} and question_id = eq.source_question_id
        and (${rules.calibration_id}::int is null or calibration_id <= ${rules.calibration_id}::int)
      order by calibration_id desc, id desc limit 1) p on true
    where eq.exam_id = ${examId}`.execute(db);
  const difficulties = new Map<number, number>();
  for (const row of rows) {
    const steps = json<number[] | null>(row.thresholds)?.map(Number) ?? [];
    if (steps.length > 0) difficulties.set(Number(row.id), steps.reduce((a, b) => a + b, 0) / steps.length);
  }
  return difficulties;
}

/** Which questions each attempt was given, and its stored measure. */
async function attemptSteps(db: Db, attemptIds: number[]) {
  if (attemptIds.length === 0) return { given: new Map<number, number[]>(), measures: new Map() };
  // One array parameter, whatever the number of attempts (a list of parameters stops at 65,535).
  const ids = sql`${attemptIds}::int[]`;
  const [steps, measures] = await Promise.all([
    sql<{ attempt_id: number; questions: string }>`
      select attempt_id, string_agg(exam_question_id::text, ',') as questions from adaptive_steps
      where attempt_id = any(${ids}) group by attempt_id`.execute(db),
    sql<{ id: number; ability: number | null; ability_se: number | null }>`
      select id, ability, ability_se from exam_attempts where id = any(${ids})`.execute(db),
  ]);
  return {
    given: new Map(steps.rows.map((row) => [Number(row.attempt_id), row.questions.split(',').map(Number)])),
    measures: new Map(
      measures.rows.map((row) => [
        Number(row.id),
        {
          ability: row.ability === null ? null : Number(row.ability),
          se: row.ability_se === null ? null : Number(row.ability_se),
        },
      ]),
    ),
  };
}

/**
 * An adaptive exam's item analysis: each question's classical figures over the students it was
 * given to (`analyseAdaptiveItems`), its exposure, and the test's precision.
 */
export async function analyseAdaptiveExam(
  db: Db,
  examId: number,
  rules: AdaptiveRules,
  input: {
    questions: ExamQuestion[];
    items: AnalysedItem[];
    scores: number[][];
    choices: Map<number, (string[] | null)[]>;
    attempts: AttemptFacts[];
  },
): Promise<{ items: ItemStatistics[]; adaptive: AdaptiveAnalysis }> {
  const [{ given, measures }, difficulties] = await Promise.all([
    attemptSteps(
      db,
      input.attempts.map((attempt) => attempt.id),
    ),
    bankDifficulties(db, examId, rules),
  ]);
  const column = new Map(input.questions.map((question, index) => [question.id, index]));
  const givenRows = input.attempts.map((attempt) => {
    const row = new Array<boolean>(input.questions.length).fill(false);
    for (const id of given.get(attempt.id) ?? []) {
      const c = column.get(id);
      if (c !== undefined) row[c] = true;
    }
    return row;
  });
  const measureOf = (id: number) => measures.get(id) ?? { ability: null, se: null };
  const analysis = analyseAdaptiveItems({
    items: input.items,
    scores: input.scores,
    given: givenRows,
    abilities: input.attempts.map((attempt) => measureOf(attempt.id).ability),
    errors: input.attempts.map((attempt) => measureOf(attempt.id).se),
    choices: input.choices,
  });
  const errors = input.attempts.flatMap((attempt) => {
    const se = measureOf(attempt.id).se;
    return se === null ? [] : [se];
  });
  return {
    items: analysis.items,
    adaptive: {
      scale: rules.scale,
      se_target: rules.se_target,
      min_questions: rules.min_questions,
      max_questions: rules.max_questions,
      min_seen: ADAPTIVE_MIN_SEEN,
      ...analysis.test,
      // Rounded as the target is (two decimals): an SE of 0.3004 reached a 0.30 target.
      reached_target:
        errors.length === 0
          ? null
          : Math.round(
              (errors.filter((se) => Math.round(se * 100) / 100 <= rules.se_target).length / errors.length) * 10_000,
            ) / 10_000,
      pool: input.questions.length,
      questions: analysis.uses.map((use, index) => ({
        ...use,
        position: index + 1,
        difficulty: difficulties.has(use.id) ? Math.round(difficulties.get(use.id)! * 10_000) / 10_000 : null,
      })),
    },
  };
}
