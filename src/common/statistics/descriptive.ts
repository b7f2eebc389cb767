/**
 * Descriptive statistics on plain arrays of numbers. Variances are sample variances (n - 1), as
 * Moodle's quiz statistics and the classical test theory texts use them.
 */

export function sum(values: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i];
  return total;
}

/** The mean; 0 for no values. */
export function mean(values: ArrayLike<number>): number {
  return values.length === 0 ? 0 : sum(values) / values.length;
}

/** The sample variance (n - 1); 0 for fewer than two values. */
export function variance(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return 0;
  const m = mean(values);
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i] - m) ** 2;
  return squares / (n - 1);
}

/** The sample standard deviation. */
export const standardDeviation = (values: ArrayLike<number>): number => Math.sqrt(variance(values));

/** The median; 0 for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Pearson's correlation of two series of the same length; null when it is undefined (fewer than
 * two pairs, or a series that does not vary).
 */
export function correlation(xs: ArrayLike<number>, ys: ArrayLike<number>): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i];
    my += ys[i];
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - mx;
    const dy = ys[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** A number rounded to `places` decimals (null stays null). */
export function roundTo(value: number, places: number): number;
export function roundTo(value: number | null, places: number): number | null;
export function roundTo(value: number | null, places: number): number | null {
  if (value === null || !Number.isFinite(value)) return value === null ? null : 0;
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
