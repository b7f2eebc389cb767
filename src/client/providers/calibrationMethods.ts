import type {
  AdaptiveSimulation,
  AdaptiveSimulationRequest,
  BookmarkBooklet,
  Calibration,
} from '../../common/contracts/index';
import { dataOf, http } from './http';

/**
 * A simulation's body as the simulator's form has it: a field left out (undefined) takes the
 * server's default or is refused under its name (422), so the server decides what is missing.
 */
export type AdaptiveSimulationBody = {
  [K in Exclude<keyof AdaptiveSimulationRequest, 'content'>]?: AdaptiveSimulationRequest[K] | undefined;
} & { content: { [K in keyof AdaptiveSimulationRequest['content'][number]]?: number | undefined }[] };

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
  /** The author's adaptive simulator (issue 43): simulated students of a grade or level through adaptive rules. */
  simulateAdaptive(scaleId: number, body: AdaptiveSimulationBody): Promise<{ data: AdaptiveSimulation }>;
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
  simulateAdaptive: (scaleId, body) =>
    dataOf(http<{ data: AdaptiveSimulation }>(`/scales/${scaleId}/adaptive-simulations`, { method: 'POST', body })),
};
