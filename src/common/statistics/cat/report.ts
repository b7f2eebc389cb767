/**
 * What the author's simulator shows (issue 43): simulated students of the grade's ability
 * distribution through the exam's adaptive rules, summed per ability band, with whether the pool
 * meets the precision for the middle 90% of the grade.
 */
import { mulberry32, normal } from '../seeded-random';
import type { Prior } from './estimate';
import type { PoolItem } from './model';
import type { CatRules } from './select';
import { simulateCat, sympsonHetterRates, type SimulatedTest } from './simulate';

export interface SimulationBand {
  /** Abilities from (inclusive) to (exclusive), logits; the outer bands are open-ended (null). */
  from: number | null;
  to: number | null;
  students: number;
  mean_length: number;
  /** Mean standard error reached (logits). */
  mean_se: number;
  bias: number;
  rmse: number;
}

export interface SimulationReport {
  students: number;
  mean_length: number;
  mean_se: number;
  bias: number;
  rmse: number;
  /** The largest share of the students any one question was given to. */
  max_exposure: number;
  /** Questions given to at least one student, of the pool. */
  pool_used: number;
  /** Share of the tests that met every content rule. */
  content_met: number;
  /** Share of the middle 90% of the students (by true ability) whose test stopped at the SE target. */
  middle_reached: number;
  bands: SimulationBand[];
}

/** The share of the middle 90% whose test must stop at the SE target for a pool to meet the precision. */
export const PRECISION_SHARE = 0.99;

/** Band edges (logits): half a logit apart over −2..2, with open-ended bands beyond. */
const EDGES = [-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2];
/** Students simulated to set Sympson–Hetter's probabilities, and the rounds. */
const SH_STUDENTS = 500;
const SH_ROUNDS = 12;

const mean = (values: number[]) => (values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0);

function summary(tests: SimulatedTest[]) {
  const errors = tests.map((t) => t.estimate - t.ability);
  return {
    mean_length: mean(tests.map((t) => t.length)),
    mean_se: mean(tests.map((t) => t.se)),
    bias: mean(errors),
    rmse: Math.sqrt(mean(errors.map((e) => e * e))),
  };
}

/**
 * Sympson–Hetter's probabilities for a ceiling, from SH_STUDENTS students drawn from the prior with
 * `draw`. Set at 72% of the ceiling (0.18 for 0.25): measured, new students then stay under it.
 */
function ratesFrom(pool: readonly PoolItem[], rules: CatRules, prior: Prior, ceiling: number, draw: () => number) {
  const others = Array.from({ length: SH_STUDENTS }, () => prior.mean + prior.sd * normal(draw));
  return sympsonHetterRates(pool, rules, prior, others, ceiling * 0.72, SH_ROUNDS);
}

/**
 * The probabilities an adaptive exam is published with (issue 43): as the author's simulator sets
 * them for the same rules and grade, from its own seeded students.
 */
export const exposureRates = (pool: readonly PoolItem[], rules: CatRules, prior: Prior, ceiling: number, seed = 1) =>
  ratesFrom(pool, rules, prior, ceiling, mulberry32(seed));

/**
 * `students` simulated from the prior (seeded) through `rules`; Sympson–Hetter's probabilities, when
 * the rules ask for them (`ceiling`), from other simulated students first, set below the ceiling so
 * that new students stay under it.
 */
export function simulationReport(
  pool: readonly PoolItem[],
  rules: CatRules,
  prior: Prior,
  students: number,
  ceiling?: number,
  seed = 1,
): SimulationReport {
  const draw = mulberry32(seed);
  const abilities = Array.from({ length: students }, () => prior.mean + prior.sd * normal(draw));
  let applied = rules;
  if (ceiling !== undefined) {
    const rates = ratesFrom(pool, rules, prior, ceiling, draw);
    applied = { ...rules, exposure: { method: 'sympson-hetter', rates } };
  }
  const { tests, exposure } = simulateCat(pool, applied, prior, abilities, seed + 1);
  const sorted = [...abilities].sort((a, b) => a - b);
  const [low, high] = [sorted[Math.floor(students * 0.05)], sorted[Math.ceil(students * 0.95) - 1]];
  const middle = tests.filter((t) => t.ability >= low && t.ability <= high);
  const byId = new Map(pool.map((item) => [item.id, item]));
  const contentMet = tests.filter((t) =>
    rules.content.every((rule) => {
      const count = t.items.filter((id) => byId.get(id)?.content?.includes(rule.key)).length;
      return count >= (rule.min ?? 0) && count <= (rule.max ?? Infinity);
    }),
  ).length;
  const bands = [null, ...EDGES].map((from, k) => {
    const to = k < EDGES.length ? EDGES[k] : null;
    const inside = tests.filter((t) => (from === null || t.ability >= from) && (to === null || t.ability < to));
    return { from, to, students: inside.length, ...summary(inside) };
  });
  return {
    students,
    ...summary(tests),
    max_exposure: Math.max(0, ...exposure.values()),
    pool_used: [...exposure.values()].filter((rate) => rate > 0).length,
    content_met: tests.length > 0 ? contentMet / tests.length : 0,
    middle_reached: middle.length > 0 ? middle.filter((t) => t.reached).length / middle.length : 0,
    bands: bands.filter((band) => band.students > 0),
  };
}
