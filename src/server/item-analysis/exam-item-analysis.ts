import type { ItemAnalysisReport } from '../../common/contracts/index';
import { plainText } from '../../common/questions/rich-text';
import {
  analyseItems,
  DIF_MIN_GROUP_SIZE,
  DRIFT_LIMITS,
  ETS_DIF_LIMITS,
  GROUP_SHARE,
  REVIEW_LIMITS,
} from '../../common/statistics/index';
import { truncateText } from '../../common/text-bounds';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import { adaptiveRules, analyseAdaptiveExam } from './adaptive-analysis';
import { analysisFingerprint, type AnalysisCache } from './analysis-cache';
import { choiceOptions, loadItemScores, type ExamQuestion } from './item-scores';
import { examMarkerAgreement } from './marker-agreement';
import { difComparisons, raschCalibration } from './psychometrics';
import { scaleDrifts } from './scale-drift';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const TEXT_LENGTH = 200;

/** Where a computation is recorded (the request's logger). */
export interface AnalysisLog {
  info(obj: object, msg: string): void;
}

/**
 * `GET /api/exams/{id}/item-analysis`: the statistics of an exam's questions over its corrected
 * attempts; from `cache` while nothing it depends on has changed, and computed once however many
 * requests ask for it at the same time (single flight per exam and process).
 */
export async function examItemAnalysis(
  db: Db,
  examId: number,
  cache?: AnalysisCache,
  log?: AnalysisLog,
): Promise<ItemAnalysisReport> {
  const exam = await db
    .selectFrom('exams')
    .select(['id', 'name_en', 'name_ar', 'double_marking', 'double_marking_threshold'])
    .where('id', '=', examId)
    .executeTakeFirst();
  if (!exam) throw notFound();
  const compute = async () => {
    const started = performance.now();
    const phases: Record<string, number> = {};
    const report = await computeAnalysis(db, exam, phases);
    log?.info({ exam: examId, ms: Math.round(performance.now() - started), phases }, 'item analysis computed');
    return report;
  };
  if (!cache) return compute();
  return cache.share(examId, await analysisFingerprint(db, examId), compute);
}

/** Runs `step`, adding its milliseconds to `phases[name]` (logged, and printed by the benchmark). */
async function timed<T>(phases: Record<string, number>, name: string, step: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await step();
  } finally {
    phases[name] = Math.round(performance.now() - started);
  }
}

async function computeAnalysis(
  db: Db,
  exam: { id: number; name_en: string; name_ar: string; double_marking: boolean; double_marking_threshold: unknown },
  phases: Record<string, number> = {},
): Promise<ItemAnalysisReport> {
  const examId = exam.id;
  const questions: ExamQuestion[] = (
    await db
      .selectFrom('exam_questions')
      .select(['id', 'answer_type', 'answer_key', 'mark', 'mark_option', 'skill_id', 'position', 'text'])
      .where('exam_id', '=', examId)
      .orderBy('position')
      .orderBy('id')
      .execute()
  ).map((q) => ({ ...q, answer_key: json<unknown>(q.answer_key), mark: Number(q.mark) }));
  const { items, scores, choices, attempts } = await timed(phases, 'load', () =>
    loadItemScores(
      db,
      {
        id: exam.id,
        double_marking: exam.double_marking,
        double_marking_threshold: Number(exam.double_marking_threshold),
      },
      questions,
    ),
  );
  // An adaptive exam's students saw different questions: each question is read over those given it,
  // and nothing that compares a student's questions with each other's (alpha, Rasch on this exam
  // alone, DIF, drift) is computed; the bank's parameters measured them.
  const rules = await adaptiveRules(db, examId);
  const adaptive = rules
    ? await timed(phases, 'adaptive', () =>
        analyseAdaptiveExam(db, examId, rules, { questions, items, scores, choices, attempts }),
      )
    : null;
  const analysis = await timed(phases, 'classical', () => analyseItems({ items, scores, choices }));
  if (adaptive) {
    analysis.items = adaptive.items;
    analysis.exam = { ...analysis.exam, alpha: null, alpha_ci: null, sem: null };
  }
  const rasch = adaptive ? null : await timed(phases, 'rasch', () => raschCalibration(items, scores));
  const scales = await timed(phases, 'scales', () => scaleDrifts(db, examId, rasch));
  const dif = adaptive ? [] : await timed(phases, 'dif', () => difComparisons(db, items, scores, attempts));
  const markers = await timed(phases, 'markers', () => examMarkerAgreement(db, examId, questions));
  return {
    exam: { id: exam.id, name_en: exam.name_en, name_ar: exam.name_ar, ...analysis.exam },
    items: analysis.items.map((item, index) => {
      const question = questions[index];
      const texts = new Map((choiceOptions(question) ?? []).map((option) => [option.id, plainText(option.text)]));
      return {
        id: item.id,
        position: index + 1,
        answer_type: question.answer_type,
        text: truncateText(plainText(question.text).replace(/\s+/g, ' ').trim(), TEXT_LENGTH),
        max: item.max,
        mean: item.mean,
        sd: item.sd,
        facility: item.facility,
        item_rest_correlation: item.item_rest_correlation,
        item_total_correlation: item.item_total_correlation,
        alpha_if_deleted: item.alpha_if_deleted,
        discrimination_index: item.discrimination_index,
        facility_ci: item.facility_ci,
        item_rest_ci: item.item_rest_ci,
        flags: item.flags,
        options: item.options?.map((option) => ({ ...option, text: texts.get(option.id) ?? option.id })) ?? null,
        omitted_share: item.omitted_share ?? null,
      };
    }),
    rasch,
    scales,
    dif,
    markers,
    adaptive: adaptive?.adaptive ?? null,
    limits: {
      hard_below: REVIEW_LIMITS.hardBelow,
      easy_above: REVIEW_LIMITS.easyAbove,
      weak_below: REVIEW_LIMITS.weakBelow,
      min_attempts: REVIEW_LIMITS.minAttempts,
      group_share: GROUP_SHARE,
      misfit_above: REVIEW_LIMITS.misfitAbove,
      distractor_above: REVIEW_LIMITS.distractorAbove,
      dif_min_group: DIF_MIN_GROUP_SIZE,
      dif_moderate_d: ETS_DIF_LIMITS.negligibleD,
      dif_large_d: ETS_DIF_LIMITS.largeD,
      drift_min_answers: DRIFT_LIMITS.minAnswers,
      drift_mean_difference: DRIFT_LIMITS.meanDifferenceShare,
      drift_min_close: DRIFT_LIMITS.minExactOrAdjacent,
    },
  };
}
