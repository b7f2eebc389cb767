import { sql } from 'kysely';
import type { CalibratedItem } from '../../common/statistics/index';
import type { Db } from '../db/database';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A question's parameter on a scale, as the bank holds it. */
export interface BankParameter {
  difficulty: number;
  se: number | null;
  calibration_id: number;
  categories: number[];
  thresholds: number[];
}

/** The bank's current parameter of each question on the scale: its latest (by calibration, then row). */
export async function currentParameters(db: Db, scaleId: number): Promise<Map<number, BankParameter>> {
  const { rows } = await sql<{
    question_id: number;
    difficulty: number;
    se: number | null;
    calibration_id: number;
    categories: unknown;
    thresholds: unknown;
  }>`
    select distinct on (question_id) question_id, difficulty, se, calibration_id, categories, thresholds
    from item_parameters where scale_id = ${scaleId} and question_id is not null
    order by question_id, calibration_id desc, id desc`.execute(db);
  return new Map(
    rows.map((row) => [
      Number(row.question_id),
      {
        difficulty: Number(row.difficulty),
        se: row.se === null ? null : Number(row.se),
        calibration_id: row.calibration_id,
        categories: json<number[]>(row.categories),
        thresholds: json<number[]>(row.thresholds),
      },
    ]),
  );
}

/** An exam question's parameters from the latest calibration that calibrated it on the scale. */
export interface ExamItemParameters extends CalibratedItem {
  exam_question_id: number;
  calibration_id: number;
  difficulty: number;
}

/** The parameters of an exam's questions on a scale, from the calibrations that calibrated them. */
export async function examParameters(db: Db, examId: number, scaleId: number): Promise<ExamItemParameters[]> {
  const { rows } = await sql<{
    exam_question_id: number;
    calibration_id: number;
    max: string;
    categories: unknown;
    thresholds: unknown;
    difficulty: number;
  }>`
    select distinct on (exam_question_id) exam_question_id, calibration_id, max, categories, thresholds, difficulty
    from item_parameters where exam_id = ${examId} and scale_id = ${scaleId}
    order by exam_question_id, calibration_id desc, id desc`.execute(db);
  return rows.map((row) => ({
    exam_question_id: Number(row.exam_question_id),
    calibration_id: Number(row.calibration_id),
    max: Number(row.max),
    categories: json<number[]>(row.categories),
    thresholds: json<number[]>(row.thresholds),
    difficulty: Number(row.difficulty),
  }));
}
