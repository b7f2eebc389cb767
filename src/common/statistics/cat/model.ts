/**
 * Adaptive testing on a calibrated bank (issue 43): what the Rasch and partial credit models say of a
 * question whose parameters are known, at an ability.
 */
import { categoryProbabilities } from '../rasch/model';

/** A pool question: its step difficulties (one for a right-or-wrong question) and what constrains its use. */
export interface PoolItem {
  id: number;
  /** Step difficulties between successive kept categories (logits). */
  thresholds: readonly number[];
  /** Content areas it counts towards (a learning outcome, a question type): keys of the content rules. */
  content?: readonly string[];
}

/** Category probabilities of `item` at `theta` into `out` (length m + 1). */
export function probabilities(item: PoolItem, theta: number, out: Float64Array): Float64Array {
  categoryProbabilities(item.thresholds, theta, out, 0);
  return out;
}

/** Fisher information of a question at `theta`: the variance of its category (Rasch: p(1 − p)). */
export function information(item: PoolItem, theta: number, buffer = new Float64Array(item.thresholds.length + 1)) {
  const m = item.thresholds.length;
  if (m === 1) {
    const p = 1 / (1 + Math.exp(item.thresholds[0] - theta));
    return p * (1 - p);
  }
  probabilities(item, theta, buffer);
  let mean = 0;
  let square = 0;
  for (let k = 1; k <= m; k++) {
    mean += k * buffer[k];
    square += k * k * buffer[k];
  }
  return square - mean * mean;
}
