import type { Db } from '../db/database';
import { countryName } from '../../common/countries';
import { AppError, notFound } from '../http/app-error';

const percent = (language: string, share: number) =>
  new Intl.NumberFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en', { style: 'percent' }).format(share);

/** Business-rule refusals (SPEC section 8: status 418 with a message). */
export const examRefusal = {
  published: () => new AppError(418, 'exams.errors.published'),
  deletePublished: () => new AppError(418, 'exams.errors.delete_published'),
  started: () => new AppError(418, 'exams.errors.started'),
  unpublishStarted: () => new AppError(418, 'delivery.errors.unpublish_started'),
  noQuestions: () => new AppError(418, 'exams.errors.no_questions'),
  localizeUnpublished: () => new AppError(418, 'exams.errors.localize_unpublished'),
  localizationPublished: () => new AppError(418, 'exams.errors.localization_published'),
  adaptiveNoScale: () => new AppError(418, 'exams.errors.adaptive_no_scale'),
  adaptiveNotCalibrated: (count: number) =>
    new AppError(418, 'exams.errors.adaptive_not_calibrated', () => ({ count })),
  adaptivePoolTooSmall: (count: number) => new AppError(418, 'exams.errors.adaptive_pool_too_small', () => ({ count })),
  adaptiveImprecise: (share: number) =>
    new AppError(418, 'exams.errors.adaptive_imprecise', (language) => ({ share: percent(language, share) })),
  adaptiveOverexposed: (share: number, ceiling: number) =>
    new AppError(418, 'exams.errors.adaptive_overexposed', (language) => ({
      share: percent(language, share),
      ceiling: percent(language, ceiling),
    })),
  adaptiveOutcomeShort: (count: number, outcome: { name_en: string; name_ar: string }) =>
    new AppError(418, 'exams.errors.adaptive_outcome_short', (language) => ({
      count,
      outcome: language === 'ar' ? outcome.name_ar : outcome.name_en,
    })),
  adaptiveOutcomesTooLong: (count: number, outcomes: number, max: number) =>
    new AppError(418, 'exams.errors.adaptive_outcomes_too_long', () => ({ count, outcomes, max })),
  adaptiveOutcomesTooShort: (count: number, outcomes: number, min: number) =>
    new AppError(418, 'exams.errors.adaptive_outcomes_too_short', () => ({ count, outcomes, min })),
  countryTaken: (code: string) =>
    new AppError(418, 'exams.errors.country_taken', (language) => ({ country: countryName(code, language) })),
};

export interface ExamState {
  id: number;
  is_published: boolean;
  platform_id: number;
}

export async function loadExamState(db: Db, examId: number): Promise<ExamState> {
  const exam = await db
    .selectFrom('exams')
    .select(['id', 'is_published', 'platform_id'])
    .where('id', '=', examId)
    .executeTakeFirst();
  if (!exam) throw notFound();
  return exam;
}

/** Why an exam may not be edited, or null when it may (the same rule answers /exam-restriction/check). */
export function editRestriction(exam: ExamState): AppError | null {
  return exam.is_published ? examRefusal.published() : null;
}

/** A published exam is frozen: its form and its questions change only after unpublishing. */
export function assertEditable(exam: ExamState): void {
  const refusal = editRestriction(exam);
  if (refusal) throw refusal;
}

export async function startedCount(db: Db, examId: number): Promise<number> {
  const row = await db
    .selectFrom('student_exams')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('exam_id', '=', examId)
    .where('started_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An exam that any student has started keeps its record: its answers and results hang on it. */
export async function assertNotStarted(db: Db, examId: number): Promise<void> {
  if ((await startedCount(db, examId)) > 0) throw examRefusal.started();
}
