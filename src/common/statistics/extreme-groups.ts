import { GROUP_SHARE } from './review-limits';

/**
 * The upper and lower groups of an item analysis: the `size` attempts with the highest and the
 * lowest totals, `size` = round(27% of all), at least one and at most half.
 *
 * Attempts tied on the total at a group's boundary share the places left pro rata: with 3 places
 * left and 5 attempts tied, each of the 5 counts 3/5 in the group. A group is therefore a weight
 * per attempt (1 inside, a fraction on the boundary, 0 outside), the weights add up to `size`, and
 * the same answers give the same groups whatever order the attempts came in (breaking ties by
 * attempt id would let who started first move the discrimination index).
 */
export interface ExtremeGroups {
  /** Each attempt's weight in the upper group (0 to 1). */
  upper: Float64Array;
  lower: Float64Array;
  size: number;
}

function groupWeights(totals: readonly number[], order: number[], size: number): Float64Array {
  const weights = new Float64Array(totals.length);
  const boundary = totals[order[size - 1]];
  let inside = 0;
  let tied = 0;
  for (const index of order) {
    if (totals[index] === boundary) tied++;
    else if (tied === 0) inside++;
  }
  for (let k = 0; k < inside; k++) weights[order[k]] = 1;
  const share = (size - inside) / tied;
  for (const index of order) if (totals[index] === boundary) weights[index] = share;
  return weights;
}

export function extremeGroups(totals: readonly number[]): ExtremeGroups {
  const n = totals.length;
  if (n < 2) return { upper: new Float64Array(n), lower: new Float64Array(n), size: 0 };
  const size = Math.min(Math.floor(n / 2), Math.max(1, Math.round(n * GROUP_SHARE)));
  const descending = totals.map((_, index) => index).sort((a, b) => totals[b] - totals[a]);
  return {
    upper: groupWeights(totals, descending, size),
    lower: groupWeights(totals, [...descending].reverse(), size),
    size,
  };
}

/**
 * The weighted mean of `values` over a group: the whole members' sum and the boundary members' sum
 * apart, then weighted, so that the attempts' order cannot change the last digit.
 */
export function groupMean(values: ArrayLike<number>, weights: Float64Array, size: number): number {
  if (size === 0) return 0;
  let whole = 0;
  let boundary = 0;
  let share = 0;
  for (let i = 0; i < weights.length; i++) {
    if (weights[i] === 1) whole += values[i];
    else if (weights[i] > 0) {
      boundary += values[i];
      share = weights[i];
    }
  }
  return (whole + share * boundary) / size;
}
