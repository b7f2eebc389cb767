import { CONFIDENCE } from './review-limits';

/**
 * 95% confidence intervals for the figures of a small item analysis: Wilson's for a proportion,
 * Fisher's z for a correlation, Feldt's (1965) for Cronbach's alpha.
 */
export type Interval = [number, number];

/** The standard normal quantile of the two-sided level (1.959964 for 95%). */
const Z = normalQuantile(1 - (1 - CONFIDENCE) / 2);

/** The standard normal quantile (Acklam's rational approximation, relative error under 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p <= 0 || p >= 1) return p <= 0 ? -Infinity : Infinity;
  if (p < low || p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(p < low ? p : 1 - p));
    const x =
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    return p < low ? x : -x;
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/** Wilson's score interval of a proportion `p` observed over `n` trials. */
export function proportionInterval(p: number, n: number): Interval | null {
  if (n < 1) return null;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The normal interval of a mean with this standard deviation over `n` values, kept within [low, high]. */
export function meanInterval(m: number, sd: number, n: number, low: number, high: number): Interval | null {
  if (n < 2) return null;
  const half = (Z * sd) / Math.sqrt(n);
  return [Math.max(low, m - half), Math.min(high, m + half)];
}

/** Fisher's z interval of a Pearson correlation over `n` pairs. */
export function correlationInterval(r: number | null, n: number): Interval | null {
  if (r === null || n < 4) return null;
  const z = Math.atanh(Math.max(-0.999999, Math.min(0.999999, r)));
  const half = Z / Math.sqrt(n - 3);
  return [Math.tanh(z - half), Math.tanh(z + half)];
}

/** Feldt's interval of Cronbach's alpha over `n` persons and `k` items: 1 − (1 − α)·F. */
export function alphaInterval(alpha: number | null, n: number, k: number): Interval | null {
  if (alpha === null || n < 3 || k < 2) return null;
  const d1 = n - 1;
  const d2 = (n - 1) * (k - 1);
  const tail = (1 - CONFIDENCE) / 2;
  return [1 - (1 - alpha) * fQuantile(1 - tail, d1, d2), 1 - (1 - alpha) * fQuantile(tail, d1, d2)];
}

/** ln Γ(x) (Lanczos, g = 7). */
function logGamma(x: number): number {
  const g = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = g[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += g[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of the incomplete beta function (Lentz's method). */
function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    for (const aa of [
      (m * (b - m) * x) / ((a + m2 - 1) * (a + m2)),
      (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1)),
    ]) {
      d = 1 + aa * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + aa / c;
      if (Math.abs(c) < tiny) c = tiny;
      h *= d * c;
    }
    if (Math.abs(d * c - 1) < 1e-12) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(x, a, b)) / a : 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** The F distribution's distribution function. */
export function fCdf(f: number, d1: number, d2: number): number {
  return f <= 0 ? 0 : incompleteBeta((d1 * f) / (d1 * f + d2), d1 / 2, d2 / 2);
}

/** The F distribution's quantile, by bisection on its distribution function. */
export function fQuantile(p: number, d1: number, d2: number): number {
  let low = 0;
  let high = 1;
  while (fCdf(high, d1, d2) < p) high *= 2;
  for (let i = 0; i < 100 && high - low > 1e-10 * high; i++) {
    const middle = (low + high) / 2;
    if (fCdf(middle, d1, d2) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
