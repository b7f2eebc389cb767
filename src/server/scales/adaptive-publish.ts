import type { Db } from '../db/database';
import { stagePrior, type AdaptiveExam } from './adaptive-exam';
import { PRECISION_SHARE } from '../../common/statistics/index';
import { simulateApart, simulationTurn } from './simulation-pool';

/** Simulated students of the grade's distribution an adaptive exam is checked with before publishing. */
export const PUBLISH_SIMULATION_STUDENTS = 1000;

/**
 * Whether an adaptive exam's pool meets its precision for the grade's middle 90% (issue 43): its
 * rules simulated on the simulator's thread for 1,000 students of the grade's (or level's) ability
 * distribution; the share of the middle 90% whose test stopped at the standard-error target.
 */
export async function adaptivePrecision(db: Db, exam: AdaptiveExam): Promise<{ share: number; meets: boolean }> {
  const { prior } = await stagePrior(db, exam);
  const release = await simulationTurn();
  try {
    const report = await simulateApart({
      pool: exam.pool.map(({ id, thresholds }) => ({ id, thresholds, content: [] })),
      rules: exam.rules,
      prior,
      students: PUBLISH_SIMULATION_STUDENTS,
    });
    return { share: report.middle_reached, meets: report.middle_reached >= PRECISION_SHARE };
  } finally {
    release();
  }
}
