import { sql } from 'kysely';
import { markedByMachine } from '../../common/questions/index';
import type {
  CalibratedItem,
  CatRules,
  ContentRule,
  ExposureControl,
  PoolItem,
  Prior,
  ReportingScale,
} from '../../common/statistics/index';
import type { Db } from '../db/database';
import { perDatabase } from '../db/per-database';
import { stageAbilities, type Stage } from './stage-pool';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A question of an adaptive exam's pool: the exam's copy, with its bank question's parameters on the scale. */
export interface AdaptiveItem extends PoolItem, CalibratedItem {
  /** The exam question (the pool item's id too). */
  id: number;
  thresholds: number[];
  /** The exam question's mark (its calibrated maximum). */
  max: number;
  answer_type: string;
  answer_key: unknown;
  mark_option: string;
}

/** An adaptive exam as delivery reads it: its scale, rules and pool. */
export interface AdaptiveExam {
  examId: number;
  scaleId: number;
  scale: ReportingScale;
  stage: Stage;
  rules: CatRules;
  start: 'stage_mean' | 'last_score';
  pool: AdaptiveItem[];
  /** Pool items by exam question id. */
  byId: Map<number, AdaptiveItem>;
  /** The exam's questions that cannot be in the pool: marked by a human, or not calibrated on the scale. */
  unusable: number;
  /** Sympson–Hetter's ceiling (the largest share of students a question may reach); null under other control. */
  exposureCeiling: number | null;
}

/** The grade's students fewest to read its ability distribution from; fewer, and N(0, 1) stands in. */
const MIN_STUDENTS_FOR_PRIOR = 20;

interface ExamRow {
  id: number;
  platform_id: number;
  grade_id: number | null;
  level_id: number | null;
  delivery_mode: string;
  adaptive_min_questions: number | null;
  adaptive_max_questions: number | null;
  adaptive_se_target: string | number | null;
  adaptive_start: string;
  adaptive_exposure: string;
  adaptive_randomesque: number | null;
  adaptive_content: string;
  adaptive_calibration_id: number | null;
  adaptive_exposure_ceiling: string | number | null;
  adaptive_exposure_rates: Record<string, number> | string | null;
  adaptive_outcome_min: number | null;
  adaptive_outcome_max: number | null;
}

/** The reporting scale of the exam's one skill on its platform, or null. */
async function scaleOf(db: Db, exam: ExamRow) {
  const { rows } = await sql<{ id: number; score_origin: string; score_unit: string }>`
    select s.id, s.score_origin, s.score_unit from scales s
    join exam_skills es on es.skill_id = s.skill_id and es.exam_id = ${exam.id}
    where s.platform_id = ${exam.platform_id} order by s.id limit 1`.execute(db);
  const row = rows[0];
  return row
    ? { id: Number(row.id), scale: { score_origin: Number(row.score_origin), score_unit: Number(row.score_unit) } }
    : null;
}

/**
 * An adaptive exam's definition: its rules from the exam form, its scale, and its pool (every exam
 * question marked by the machine whose bank question carries parameters on the scale, as the bank
 * held them at `asOf`, a calibration id: the one recorded at publishing, so a calibration made while
 * the exam runs does not change it). Null for a fixed-form exam or one without a scale.
 */
export async function readAdaptiveExam(db: Db, examId: number, asOf?: number | null): Promise<AdaptiveExam | null> {
  const exam = (await db
    .selectFrom('exams')
    .select([
      'id',
      'platform_id',
      'grade_id',
      'level_id',
      'delivery_mode',
      'adaptive_min_questions',
      'adaptive_max_questions',
      'adaptive_se_target',
      'adaptive_start',
      'adaptive_exposure',
      'adaptive_randomesque',
      'adaptive_content',
      'adaptive_calibration_id',
      'adaptive_exposure_ceiling',
      'adaptive_exposure_rates',
      'adaptive_outcome_min',
      'adaptive_outcome_max',
    ])
    .where('id', '=', examId)
    .executeTakeFirst()) as ExamRow | undefined;
  if (!exam || exam.delivery_mode !== 'adaptive') return null;
  const found = await scaleOf(db, exam);
  if (!found) return null;
  const through = asOf === undefined ? exam.adaptive_calibration_id : asOf;
  const { rows } = await sql<{
    id: number;
    mark: string;
    answer_type: string;
    answer_key: unknown;
    mark_option: string;
    learning_outcome_id: number;
    max: string | null;
    categories: unknown;
    thresholds: unknown;
  }>`
    select eq.id, eq.mark, eq.answer_type, eq.answer_key, eq.mark_option, eq.learning_outcome_id, p.max,
      p.categories, p.thresholds
    from exam_questions eq
    left join lateral (
      select max, categories, thresholds from item_parameters
      where scale_id = ${found.id} and question_id = eq.source_question_id
        and (${through}::int is null or calibration_id <= ${through}::int)
      order by calibration_id desc, id desc limit 1
    ) p on true
    where eq.exam_id = ${examId} order by eq.position, eq.id`.execute(db);
  const pool: AdaptiveItem[] = [];
  for (const row of rows) {
    const key = json<unknown>(row.answer_key);
    const thresholds = row.thresholds === null ? [] : json<number[]>(row.thresholds).map(Number);
    // Calibrated with the same maximum mark, with at least one step, and scored at once.
    const usable =
      row.max !== null &&
      Number(row.max) === Number(row.mark) &&
      thresholds.length > 0 &&
      markedByMachine(row.answer_type, key);
    if (!usable) continue;
    pool.push({
      id: Number(row.id),
      thresholds,
      content: [outcomeKey(Number(row.learning_outcome_id))],
      max: Number(row.mark),
      categories: json<number[]>(row.categories).map(Number),
      answer_type: row.answer_type,
      answer_key: key,
      mark_option: row.mark_option,
    });
  }
  const minLength = exam.adaptive_min_questions ?? 10;
  return {
    examId,
    scaleId: found.id,
    scale: found.scale,
    stage: { grade_id: exam.grade_id, level_id: exam.level_id },
    rules: {
      minLength,
      maxLength: Math.max(minLength, exam.adaptive_max_questions ?? 40),
      seTarget: Number(exam.adaptive_se_target ?? 0.3),
      content: outcomeRules(pool, exam.adaptive_outcome_min ?? 0, exam.adaptive_outcome_max),
      exposure: exposureOf(exam, pool),
      ...(exam.adaptive_content === 'outcomes' ? { balance: poolShares(pool) } : {}),
    },
    start: exam.adaptive_start === 'last_score' ? 'last_score' : 'stage_mean',
    pool,
    byId: new Map(pool.map((item) => [item.id, item])),
    unusable: rows.length - pool.length,
    exposureCeiling:
      exam.adaptive_exposure === 'sympson_hetter' ? Number(exam.adaptive_exposure_ceiling ?? 0.25) : null,
  };
}

/**
 * The exam's exposure control. Sympson–Hetter's probabilities are those publishing computed (a
 * question it did not rate is always given once chosen); before publishing there are none yet, and
 * the most informative question is given, as publishing's simulation of the rates starts from.
 */
function exposureOf(exam: ExamRow, pool: readonly AdaptiveItem[]): ExposureControl {
  if (exam.adaptive_exposure === 'randomesque') return { method: 'randomesque', among: exam.adaptive_randomesque ?? 5 };
  if (exam.adaptive_exposure !== 'sympson_hetter' || exam.adaptive_exposure_rates === null) return { method: 'none' };
  const stored = json<Record<string, number>>(exam.adaptive_exposure_rates);
  return { method: 'sympson-hetter', rates: new Map(pool.map((item) => [item.id, Number(stored[item.id] ?? 1)])) };
}

/** At least `min` and at most `max` questions of each learning outcome of the pool in a student's test. */
function outcomeRules(pool: readonly AdaptiveItem[], min: number, max: number | null): ContentRule[] {
  if (min <= 0 && max === null) return [];
  const keys = [...new Set(pool.flatMap((item) => item.content ?? []))];
  return keys.map((key) => ({ key, ...(min > 0 ? { min } : {}), ...(max !== null ? { max } : {}) }));
}

/** A learning outcome as a content area of the pool. */
const outcomeKey = (id: number) => `outcome:${id}`;

/** Kingsbury–Zara's targets: each learning outcome's share of the pool. */
function poolShares(pool: readonly AdaptiveItem[]): Map<string, number> {
  const shares = new Map<string, number>();
  for (const item of pool) for (const key of item.content ?? []) shares.set(key, (shares.get(key) ?? 0) + 1);
  for (const [key, count] of shares) shares.set(key, count / pool.length);
  return shares;
}

/** A published exam is frozen, but another server may publish it again after an edit: kept a minute. */
const TTL_MS = 60_000;
/** The grade's distribution changes only with calibrations: kept ten minutes. */
const PRIOR_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 200;
const cached = perDatabase(() => new Map<number, { at: number; exam: Promise<AdaptiveExam | null> }>());

/**
 * `readAdaptiveExam` kept a minute per exam: a published exam is frozen (its questions and
 * parameters as of publishing), so the questions of thousands of students read it once.
 */
export function adaptiveExam(db: Db, examId: number, nowMs = Date.now()): Promise<AdaptiveExam | null> {
  const exams = cached(db);
  const kept = exams.get(examId);
  if (kept && nowMs - kept.at < TTL_MS && nowMs >= kept.at) return kept.exam;
  if (exams.size >= MAX_ENTRIES) exams.clear();
  const exam = readAdaptiveExam(db, examId);
  exams.set(examId, { at: nowMs, exam });
  exam.catch(() => {
    if (exams.get(examId)?.exam === exam) exams.delete(examId);
  });
  return exam;
}

/** Forgets what is kept of an exam (published or unpublished again). */
export function forgetAdaptiveExam(db: Db, examId: number): void {
  cached(db).delete(examId);
}

/**
 * A grade's ability distribution as a prior: its students' mean and spread (at least 0.3 logits),
 * N(0, 1) with fewer than 20 students (the simulator and delivery read it alike).
 */
export function priorFrom(abilities: readonly number[]): Prior & { from_students: boolean } {
  if (abilities.length < MIN_STUDENTS_FOR_PRIOR) return { mean: 0, sd: 1, from_students: false };
  const mean = abilities.reduce((sum, v) => sum + v, 0) / abilities.length;
  const sd = Math.sqrt(abilities.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (abilities.length - 1));
  return { mean, sd: Math.max(sd, 0.3), from_students: true };
}

const priors = perDatabase(
  () => new Map<number, { at: number; prior: Promise<{ prior: Prior; abilities: Map<number, number> }> }>(),
);

/**
 * Where a student's test starts: the grade's (or level's) students' abilities on the scale, their
 * mean and spread as the prior (N(0, 1) with fewer than 20 students), and each student's latest,
 * for the start rule "the student's last scaled score". Kept ten minutes per exam.
 */
export function stagePrior(db: Db, exam: AdaptiveExam, nowMs = Date.now()) {
  const kept = priors(db).get(exam.examId);
  if (kept && nowMs - kept.at < PRIOR_TTL_MS && nowMs >= kept.at) return kept.prior;
  const prior = (async () => {
    const abilities = await stageAbilities(db, exam.scaleId, exam.stage);
    return { prior: priorFrom([...abilities.values()]), abilities };
  })();
  priors(db).set(exam.examId, { at: nowMs, prior });
  prior.catch(() => priors(db).delete(exam.examId));
  return prior;
}
