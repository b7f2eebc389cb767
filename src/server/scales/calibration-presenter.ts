import type { Language } from '../../../locales/index';
import type { Calibration } from '../../common/contracts/index';
import type { Db } from '../db/database';
import { translate } from '../http/i18n';
import type { ExamOutcome } from './calibration-outcome';
import { runningProgress } from './calibration-progress';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const COLUMNS = [
  'id',
  'scale_id',
  'method',
  'design',
  'exam_ids',
  'status',
  'progress',
  'results',
  'message',
  'created_at',
  'finished_at',
] as const;

const selectCalibrations = (db: Db) => db.selectFrom('calibrations').select(COLUMNS);

type Row = NonNullable<Awaited<ReturnType<typeof findCalibration>>>;

/** A calibration as its reader sees it: progress, each exam's outcome and why it was refused, in their language. */
export function presentCalibration(row: Row, lang: Language): Calibration {
  const examIds = json<number[]>(row.exam_ids);
  return {
    id: row.id,
    scale_id: row.scale_id,
    method: row.method,
    design: row.design,
    exam_ids: examIds,
    status: row.status,
    progress: runningProgress(row.id) ?? row.progress,
    total: examIds.length,
    exams: json<ExamOutcome[]>(row.results),
    message: row.message ? translate(lang, row.message) : null,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

export async function findCalibration(db: Db, id: number) {
  return selectCalibrations(db).where('id', '=', id).executeTakeFirst();
}

export async function listCalibrations(db: Db, scaleId: number) {
  return selectCalibrations(db).where('scale_id', '=', scaleId).orderBy('id', 'desc').execute();
}
