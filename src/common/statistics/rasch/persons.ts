import { categoryProbabilities, type ItemModel, type RaschScore } from './model';

/** An item as Warm's estimate reads it: its step difficulties between kept categories. */
export interface StepItem {
  steps: Float64Array;
  m: number;
}

/**
 * Warm's (1989) weighted likelihood estimate for raw score `r` on `items` (sum of kept categories),
 * with its standard error 1 / √(test information): finite for zero and full scores.
 */
export function warmEstimate(items: readonly StepItem[], r: number): { ability: number; se: number } {
  const buffer = new Float64Array(Math.max(1, ...items.map((item) => item.m)) + 1);
  const M = items.reduce((total, item) => total + item.m, 0);
  const moments = (theta: number) => {
    let mean = 0;
    let information = 0;
    let third = 0;
    for (const item of items) {
      categoryProbabilities(item.steps, theta, buffer, 0);
      let e = 0;
      for (let k = 1; k <= item.m; k++) e += k * buffer[k];
      let v = 0;
      let t = 0;
      for (let k = 0; k <= item.m; k++) {
        const d = k - e;
        v += d * d * buffer[k];
        t += d * d * d * buffer[k];
      }
      mean += e;
      information += v;
      third += t;
    }
    return { mean, information, third };
  };
  let low = -30;
  let high = 30;
  let theta = Math.log((r + 0.5) / (M - r + 0.5));
  let info = 1;
  for (let iteration = 0; iteration < 100; iteration++) {
    const { mean, information, third } = moments(theta);
    info = information;
    const f = r - mean + third / (2 * information);
    if (f > 0) low = theta;
    else high = theta;
    let next = theta + f / information;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (Math.abs(next - theta) < 1e-10) break;
    theta = next;
  }
  return { ability: theta, se: 1 / Math.sqrt(info) };
}

/** Warm's WLE and its standard error for every raw score 0..M (raw score is sufficient, so persons share them). */
export function scoreAbilities(items: ItemModel[], M: number, counts: Float64Array): RaschScore[] {
  const table: RaschScore[] = [];
  if (items.length === 0) return table;
  for (let r = 0; r <= M; r++) table.push({ raw_score: r, ...warmEstimate(items, r), persons: counts[r] });
  return table;
}

/** Person separation reliability from the WLEs of persons with neither zero nor full score. */
export function separationReliability(table: RaschScore[], M: number): number | null {
  let n = 0;
  let sum = 0;
  let squares = 0;
  let error = 0;
  for (let r = 1; r < M; r++) {
    const { persons, ability, se } = table[r];
    n += persons;
    sum += persons * ability;
    squares += persons * ability * ability;
    error += persons * se * se;
  }
  if (n < 2) return null;
  const observed = (squares - (sum * sum) / n) / (n - 1);
  if (!(observed > 0)) return null;
  return Math.max(0, 1 - error / n / observed);
}
