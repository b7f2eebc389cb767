/**
 * The simulator's thread (simulation-pool.ts runs this file): adaptive tests simulated off the event
 * loop, so an author's simulation of thousands of students never holds up a student's save.
 */
import { simulationReport, type CatRules, type PoolItem, type Prior } from '../../common/statistics/index';

export interface SimulationTask {
  pool: PoolItem[];
  rules: CatRules;
  prior: Prior;
  students: number;
  /** Sympson–Hetter's ceiling, when the rules control exposure that way. */
  ceiling?: number;
}

export default function simulate(task: SimulationTask) {
  return simulationReport(task.pool, task.rules, task.prior, task.students, task.ceiling);
}
