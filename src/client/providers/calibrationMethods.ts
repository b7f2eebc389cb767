import type { BookmarkBooklet, Calibration } from '../../common/contracts/index';
import { dataOf, http } from './http';

/** Calibrations on a reporting scale (issue 42): the scale's list, and running one on chosen exams. */
export interface CalibrationMethods {
  calibrations(scaleId: number, signal?: AbortSignal): Promise<{ data: Calibration[] }>;
  calibrate(scaleId: number, examIds: number[], design?: Calibration['design']): Promise<{ data: Calibration }>;
  /** The scale's ordered item booklet for a grade or level, beside its students' scaled scores. */
  booklet(
    scaleId: number,
    stage: { grade_id: number | null; level_id: number | null },
    signal?: AbortSignal,
  ): Promise<{ data: BookmarkBooklet }>;
}

export const calibrationMethods: CalibrationMethods = {
  calibrations: (scaleId, signal) =>
    dataOf(http<{ data: Calibration[] }>(`/scales/${scaleId}/calibrations`, { signal })),
  booklet: (scaleId, stage, signal) => {
    const query = new URLSearchParams();
    if (stage.grade_id !== null) query.set('grade_id', String(stage.grade_id));
    if (stage.level_id !== null) query.set('level_id', String(stage.level_id));
    return dataOf(http<{ data: BookmarkBooklet }>(`/scales/${scaleId}/booklet`, { query, signal }));
  },
  calibrate: (scaleId, examIds, design = 'separate') =>
    dataOf(
      http<{ data: Calibration }>(`/scales/${scaleId}/calibrations`, {
        method: 'POST',
        body: { exam_ids: examIds, design },
      }),
    ),
};
