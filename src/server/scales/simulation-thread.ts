/**
 * The simulator's thread (simulation-pool.ts runs this file): adaptive tests simulated off the event
 * loop, so an author's simulation of thousands of students never holds up a student's save.
 */
import {
  exposureRates,
  simulationReport,
  type CatRules,
  type PoolItem,
  type Prior,
} from '../../common/statistics/index';

export interface SimulationTask {
  pool: PoolItem[];
  rules: CatRules;
  prior: Prior;
  students: number;
  /** Sympson–Hetter's ceiling, when the rules control exposure that way. */
  ceiling?: number;
}

/** Sympson–Hetter's probabilities for publishing an exam (issue 43), as [question id, probability]. */
export interface RatesTask {
  rates: { pool: PoolItem[]; rules: CatRules; prior: Prior; ceiling: number };
}

export default function simulate(task: SimulationTask | RatesTask) {
  if ('rates' in task) {
    const { pool, rules, prior, ceiling } = task.rates;
    return [...exposureRates(pool, rules, prior, ceiling)];
  }
  return simulationReport(task.pool, task.rules, task.prior, task.students, task.ceiling);
}
