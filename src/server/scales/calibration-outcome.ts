import type { CalibrationExam } from '../../common/contracts/index';
import { roundTo } from '../../common/statistics/index';
import type { ScaleForm } from './calibration-forms';

/** Fewer corrected attempts than this on an exam, and it is not calibrated (its estimates would not hold). */
export const CALIBRATION_MIN_ATTEMPTS = 20;

export type ExamRefusal = NonNullable<CalibrationExam['refused']>;

/** What a calibration keeps of each exam: its fit, and how it joined the scale (the API's contract). */
export type ExamOutcome = CalibrationExam;

/** One exam question's parameters as a calibration writes them (`question_id` null: not the bank's). */
export interface ParameterRow {
  exam_question_id: number;
  question_id: number | null;
  max: number;
  categories: number[];
  difficulty: number;
  se: number | null;
  thresholds: number[];
}

export const sameCategories = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((category, k) => category === b[k]);

export const r4 = (value: number | null | undefined) => (value == null ? null : roundTo(value, 4));

/** An exam's outcome when it was not calibrated, and why. */
export const refusedOutcome = (form: ScaleForm, role: ExamOutcome['role'], refused: ExamRefusal): ExamOutcome => ({
  exam_id: form.examId,
  attempts: form.scores.length,
  questions: form.questions.length,
  calibrated: 0,
  converged: false,
  iterations: 0,
  reliability: null,
  sd: null,
  role,
  shift: 0,
  mean: null,
  link_se: null,
  stable: [],
  dropped: [],
  worst_infit: null,
  worst_outfit: null,
  refused,
});
