/**
 * Ability during and after an adaptive test (issue 43). During the test: the expected a posteriori
 * (EAP) estimate on a fixed grid, the prior the start rule's normal (so it is defined from the first
 * answer); at the end: Warm's weighted likelihood estimate from the questions given, as every
 * calibrated result is scored, with its standard error.
 */
import { warmEstimate } from '../rasch/persons';
import { probabilities, type PoolItem } from './model';

/** The ability grid: 0.1 logit apart over −7..7, wide enough for any prior a scale gives. */
export const EAP_GRID = Object.freeze({ from: -7, to: 7, points: 141 });

export interface Prior {
  mean: number;
  sd: number;
}

const nodes = Float64Array.from(
  { length: EAP_GRID.points },
  (_, q) => EAP_GRID.from + ((EAP_GRID.to - EAP_GRID.from) * q) / (EAP_GRID.points - 1),
);

/** The log posterior on the grid before any answer: the prior's log density (up to a constant). */
export function startPosterior(prior: Prior): Float64Array {
  return nodes.map((theta) => -0.5 * ((theta - prior.mean) / prior.sd) ** 2);
}

/** The posterior after an answer in `category` (0..m, the kept category's rank) to `item`, in place. */
export function addAnswer(log: Float64Array, item: PoolItem, category: number): void {
  const buffer = new Float64Array(item.thresholds.length + 1);
  for (let q = 0; q < nodes.length; q++)
    log[q] += Math.log(Math.max(probabilities(item, nodes[q], buffer)[category], 1e-300));
}

/** The EAP estimate and its posterior standard deviation. */
export function eap(log: Float64Array): { ability: number; se: number } {
  let top = -Infinity;
  for (const value of log) if (value > top) top = value;
  let total = 0;
  let first = 0;
  let second = 0;
  for (let q = 0; q < nodes.length; q++) {
    const weight = Math.exp(log[q] - top);
    total += weight;
    first += weight * nodes[q];
    second += weight * nodes[q] * nodes[q];
  }
  const ability = first / total;
  return { ability, se: Math.sqrt(Math.max(0, second / total - ability * ability)) };
}

/** Warm's estimate from the answers (categories by rank) to the questions given, and its standard error. */
export function finalEstimate(items: readonly PoolItem[], categories: readonly number[]) {
  const raw = categories.reduce((sum, category) => sum + category, 0);
  return warmEstimate(
    items.map((item) => ({ steps: Float64Array.from(item.thresholds), m: item.thresholds.length })),
    raw,
  );
}
