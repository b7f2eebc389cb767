/**
 * The ordered item booklet of the bookmark standard-setting method (issue 42): each question placed
 * at the ability where a student has a response probability of 0.67 of it. For a question marked
 * right or wrong that is its difficulty + ln(0.67 / 0.33); for a partial-credit question, the
 * ability at which the expected mark is 0.67 of its maximum (its kept categories' top).
 */
import { categoryProbabilities } from './model';

export const BOOKMARK_RP = 0.67;

/** The ability (logits) at which the expected share of the question's marks is `rp`. */
export function responseProbabilityLocation(thresholds: readonly number[], rp = BOOKMARK_RP): number {
  const steps = Float64Array.from(thresholds);
  const m = steps.length;
  if (m === 0) return Number.NaN;
  const probs = new Float64Array(m + 1);
  const share = (theta: number) => {
    categoryProbabilities(steps, theta, probs, 0);
    let expected = 0;
    for (let k = 1; k <= m; k++) expected += k * probs[k];
    return expected / m;
  };
  let low = -30;
  let high = 30;
  for (let i = 0; i < 200 && high - low > 1e-10; i++) {
    const middle = (low + high) / 2;
    if (share(middle) < rp) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
