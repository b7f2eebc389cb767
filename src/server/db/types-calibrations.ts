import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type CalibrationMethod = 'origin' | 'linked';
export type CalibrationDesign = 'separate' | 'concurrent';
export type CalibrationStatus = 'queued' | 'running' | 'done' | 'refused' | 'failed';

/** A calibration on a scale (issue 42): never overwritten. */
export interface CalibrationsTable {
  id: Generated<number>;
  scale_id: number;
  method: CalibrationMethod;
  design: Generated<CalibrationDesign>;
  exam_ids: Json<number[]>;
  status: Generated<CalibrationStatus>;
  /** Exams calibrated so far. */
  progress: Generated<number>;
  results: ColumnType<unknown, string | undefined, string>;
  message: string | null;
  created_by: number | null;
  created_at: Timestamp;
  /** When a runner claimed it (a claim older than the job's expiry may be taken again). */
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** One question's parameters from one calibration, on its scale (appended, never updated). */
export interface ItemParametersTable {
  id: Generated<number>;
  scale_id: number;
  calibration_id: number;
  exam_id: number;
  exam_question_id: number;
  /** The bank question the exam's copy came from (null: none). */
  question_id: number | null;
  max: ColumnType<string, number | string, number | string>;
  categories: Json<number[]>;
  difficulty: number;
  se: number | null;
  thresholds: Json<number[]>;
  attempts: number;
  created_at: Timestamp;
}

export interface CalibrationTables {
  calibrations: CalibrationsTable;
  item_parameters: ItemParametersTable;
}
