/** The author's adaptive simulator (issue 43): what is asked, and what it answers. */
import type { SimulationReport } from '../statistics/cat/report';

export interface AdaptiveSimulationRequest {
  grade_id?: number;
  level_id?: number;
  /** Simulated students (100 to 10,000). */
  students: number;
  min_length: number;
  max_length: number;
  /** Stop once the ability's standard error is at or below this (logits). */
  se_target: number;
  exposure: 'none' | 'randomesque' | 'sympson_hetter';
  /** Randomesque: one of this many most informative questions. */
  among: number;
  /** Sympson–Hetter: the largest share of students a question may be given to. */
  ceiling: number;
  /** At least or at most so many questions of a learning outcome. */
  content: { learning_outcome_id: number; min?: number; max?: number }[];
}

export interface AdaptiveSimulation {
  /** Calibrated questions of the grade or level on the scale. */
  pool: number;
  /** The simulated students' distribution (logits): the grade's students' latest abilities, or N(0, 1) when under 20. */
  prior: { mean: number; sd: number; students: number; from_students: boolean };
  report: SimulationReport;
  /** At least 99% of the middle 90% of the simulated students stopped at the SE target. */
  meets_precision: boolean;
  /** Under Sympson–Hetter: no question went to more than the ceiling (null under other controls). */
  meets_exposure: boolean | null;
}
