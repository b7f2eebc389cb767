import type { Db } from '../db/database';
import { stagePrior, type AdaptiveExam } from './adaptive-exam';
import { PRECISION_SHARE, type CatRules } from '../../common/statistics/index';
import { exposureRatesApart, simulateApart, simulationTurn } from './simulation-pool';

/** Simulated students of the grade's distribution an adaptive exam is checked with before publishing. */
export const PUBLISH_SIMULATION_STUDENTS = 1000;

/** What publishing an adaptive exam found: the precision it reaches, and Sympson–Hetter's probabilities. */
export interface AdaptivePublishing {
  share: number;
  meets: boolean;
  /** The largest share of the simulated students any question reached. */
  maxExposure: number;
  /** Each pool question's control probability, by exam question id (null under other exposure control). */
  rates: Map<number, number> | null;
}

/**
 * Whether an adaptive exam's pool meets its precision for the grade's middle 90% (issue 43): its
 * rules (content rules included) simulated on the simulator's thread for 1,000 students of the
 * grade's (or level's) ability distribution; the share of the middle 90% whose test stopped at the
 * standard-error target. Under Sympson–Hetter the control probabilities for the exam's ceiling are
 * simulated first, on the same turn, and the precision is checked with them applied.
 */
export async function adaptivePrecision(db: Db, exam: AdaptiveExam): Promise<AdaptivePublishing> {
  const { prior } = await stagePrior(db, exam);
  const pool = exam.pool.map(({ id, thresholds, content }) => ({ id, thresholds, content }));
  const release = await simulationTurn();
  try {
    let rules: CatRules = exam.rules;
    let rates: Map<number, number> | null = null;
    if (exam.exposureCeiling !== null) {
      rates = await exposureRatesApart({ rates: { pool, rules, prior, ceiling: exam.exposureCeiling } });
      rules = { ...rules, exposure: { method: 'sympson-hetter', rates } };
    }
    const report = await simulateApart({ pool, rules, prior, students: PUBLISH_SIMULATION_STUDENTS });
    const meets = report.middle_reached >= PRECISION_SHARE;
    return { share: report.middle_reached, meets, maxExposure: report.max_exposure, rates };
  } finally {
    release();
  }
}
