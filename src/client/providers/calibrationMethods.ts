import type { Calibration } from '../../common/contracts/index';
import { dataOf, http } from './http';

/** Calibrations on a reporting scale (issue 42): the scale's list, and running one on chosen exams. */
export interface CalibrationMethods {
  calibrations(scaleId: number, signal?: AbortSignal): Promise<{ data: Calibration[] }>;
  calibrate(scaleId: number, examIds: number[]): Promise<{ data: Calibration }>;
}

export const calibrationMethods: CalibrationMethods = {
  calibrations: (scaleId, signal) =>
    dataOf(http<{ data: Calibration[] }>(`/scales/${scaleId}/calibrations`, { signal })),
  calibrate: (scaleId, examIds) =>
    dataOf(
      http<{ data: Calibration }>(`/scales/${scaleId}/calibrations`, { method: 'POST', body: { exam_ids: examIds } }),
    ),
};
