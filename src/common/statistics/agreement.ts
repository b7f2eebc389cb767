/**
 * Agreement between markers who marked the same answers: exact and adjacent agreement, Cohen's weighted
 * kappa (Cohen 1968; linear and quadratic agreement weights as in Fleiss & Cohen 1973) and intraclass
 * correlations (Shrout & Fleiss 1979; McGraw & Wong 1996), plus a simple check for markers who drift
 * from their co-markers.
 */

import { DRIFT_LIMITS } from './review-limits';

/** A marking scale: marks from 0 to `max` in steps of `step` (e.g. 0..4 by 1, or by 0.5). */
export interface MarkScale {
  max: number;
  step: number;
}

export { DRIFT_LIMITS };

/** The point of the scale (0, 1, 2...) a mark falls on, rounding to the nearest step. */
export function scalePoint(mark: number, scale: MarkScale): number {
  const points = scalePoints(scale);
  if (!Number.isFinite(mark)) return 0;
  return Math.min(points - 1, Math.max(0, Math.round(mark / scale.step)));
}

const scalePoints = (scale: MarkScale) => (scale.step > 0 ? Math.round(scale.max / scale.step) + 1 : 1);

/**
 * Cohen's kappa of a square table of counts (rows: first marker, columns: second) with agreement weights
 * w = 1 − |i − j| / (k − 1) (linear), 1 − (i − j)² / (k − 1)² (quadratic) or 1 on the diagonal only (none):
 * (p_o − p_e) / (1 − p_e). Null when there is nothing to compare or chance agreement is already perfect.
 */
export function weightedKappa(
  table: readonly (readonly number[])[],
  weights: 'linear' | 'quadratic' | 'none',
): number | null {
  const k = table.length;
  let n = 0;
  const rows = new Float64Array(k);
  const columns = new Float64Array(k);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      rows[i] += table[i][j];
      columns[j] += table[i][j];
      n += table[i][j];
    }
  if (n === 0 || k < 2) return null;
  const weight = (i: number, j: number) =>
    weights === 'none' ? (i === j ? 1 : 0) : 1 - (Math.abs(i - j) / (k - 1)) ** (weights === 'linear' ? 1 : 2);
  let observed = 0;
  let chance = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      observed += (weight(i, j) * table[i][j]) / n;
      chance += (weight(i, j) * rows[i] * columns[j]) / (n * n);
    }
  return 1 - chance > 1e-12 ? (observed - chance) / (1 - chance) : null;
}

/**
 * Cohen's quadratic-weighted kappa computed from the marks themselves: 2·s_xy / (s_x² + s_y² + (x̄ − ȳ)²)
 * with population moments (Fleiss & Cohen 1973). On one scale it equals `weightedKappa(table,
 * 'quadratic')`, and it does not change when the marks are rescaled, so marks of questions with
 * different maxima can be pooled as shares of their maximum (a pair of markers over an exam).
 * Null with no pairs or no spread at all.
 */
export function quadraticKappa(pairs: readonly (readonly [number, number])[]): number | null {
  const n = pairs.length;
  if (n === 0) return null;
  let meanX = 0;
  let meanY = 0;
  for (const [x, y] of pairs) {
    meanX += x / n;
    meanY += y / n;
  }
  let varX = 0;
  let varY = 0;
  let cov = 0;
  for (const [x, y] of pairs) {
    varX += (x - meanX) ** 2 / n;
    varY += (y - meanY) ** 2 / n;
    cov += ((x - meanX) * (y - meanY)) / n;
  }
  const denominator = varX + varY + (meanX - meanY) ** 2;
  return denominator > 1e-12 ? (2 * cov) / denominator : null;
}

export interface IntraclassCorrelations {
  /** ICC(1,1): one-way random effects, single measure. */
  icc1: number | null;
  /** ICC(2,1) = McGraw & Wong's ICC(A,1): two-way random effects, absolute agreement, single measure. */
  icc2: number | null;
  /** ICC(3,1) = ICC(C,1): two-way mixed effects, consistency, single measure. */
  icc3: number | null;
}

/** Intraclass correlations of n targets (rows) each rated by the same k raters (columns), from the two-way ANOVA. */
export function intraclassCorrelation(ratings: readonly (readonly number[])[]): IntraclassCorrelations {
  const n = ratings.length;
  const k = n > 0 ? ratings[0].length : 0;
  const none = { icc1: null, icc2: null, icc3: null };
  if (n < 2 || k < 2 || ratings.some((row) => row.length !== k)) return none;
  let grand = 0;
  const rowMeans = ratings.map((row) => row.reduce((a, b) => a + b, 0) / k);
  const columnMeans = Array.from({ length: k }, (_, j) => ratings.reduce((total, row) => total + row[j], 0) / n);
  for (const mean of rowMeans) grand += mean / n;
  let total = 0;
  for (const row of ratings) for (const value of row) total += (value - grand) ** 2;
  const rows = k * rowMeans.reduce((sum, mean) => sum + (mean - grand) ** 2, 0);
  const columns = n * columnMeans.reduce((sum, mean) => sum + (mean - grand) ** 2, 0);
  const error = total - rows - columns;
  const BMS = rows / (n - 1);
  const JMS = columns / (k - 1);
  const EMS = error / ((n - 1) * (k - 1));
  const WMS = (columns + error) / (n * (k - 1));
  const ratio = (numerator: number, denominator: number) => (denominator > 1e-12 ? numerator / denominator : null);
  return {
    icc1: ratio(BMS - WMS, BMS + (k - 1) * WMS),
    icc2: ratio(BMS - EMS, BMS + (k - 1) * EMS + (k * (JMS - EMS)) / n),
    icc3: ratio(BMS - EMS, BMS + (k - 1) * EMS),
  };
}

export interface PairAgreement {
  n: number;
  /** Shares of answers marked on the same scale point, exactly one step apart, and either. */
  exact: number | null;
  adjacent: number | null;
  exact_or_adjacent: number | null;
  /** Mean of first minus second mark, in marks. */
  mean_difference: number | null;
  kappa_linear: number | null;
  kappa_quadratic: number | null;
  /** ICC(2,1), absolute agreement of the two markers. */
  icc: number | null;
}

/** Agreement of two markers over the answers both marked, each pair being (first marker's mark, second's). */
export function markerAgreement(pairs: readonly (readonly [number, number])[], scale: MarkScale): PairAgreement {
  const n = pairs.length;
  if (n === 0)
    return {
      n,
      exact: null,
      adjacent: null,
      exact_or_adjacent: null,
      mean_difference: null,
      kappa_linear: null,
      kappa_quadratic: null,
      icc: null,
    };
  const k = scalePoints(scale);
  const table = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  let exact = 0;
  let adjacent = 0;
  let difference = 0;
  for (const [a, b] of pairs) {
    const i = scalePoint(a, scale);
    const j = scalePoint(b, scale);
    table[i][j]++;
    if (i === j) exact++;
    else if (Math.abs(i - j) === 1) adjacent++;
    difference += a - b;
  }
  return {
    n,
    exact: exact / n,
    adjacent: adjacent / n,
    exact_or_adjacent: (exact + adjacent) / n,
    mean_difference: difference / n,
    kappa_linear: weightedKappa(table, 'linear'),
    kappa_quadratic: weightedKappa(table, 'quadratic'),
    icc: intraclassCorrelation(pairs.map(([a, b]) => [a, b])).icc2,
  };
}

/** One answer marked by two markers, on its question's scale. */
export interface DoubleMarkedAnswer {
  markers: readonly [string, string];
  marks: readonly [number, number];
  max: number;
  step: number;
}

export type DriftReason = 'lenient' | 'severe' | 'low_agreement';

export interface MarkerDrift {
  marker: string;
  answers: number;
  /** Mean of (own mark − co-marker's mark) / max over the answers: positive is more generous. */
  mean_difference_share: number;
  /** Share of answers within one scale step of the co-marker. */
  exact_or_adjacent: number;
  /** False with fewer than DRIFT_LIMITS.minAnswers answers: too few to judge, nothing flagged. */
  checked: boolean;
  reasons: DriftReason[];
}

/**
 * Per marker, how they compare with their co-markers on every answer they double-marked. With at least
 * DRIFT_LIMITS.minAnswers answers, a marker is 'lenient' or 'severe' when their mean signed difference is
 * at least 10% of the maximum mark, and 'low_agreement' when fewer than 80% of their marks are within one
 * scale step of the co-marker's. A flag asks a lead marker to look, it does not say who is right.
 */
export function markerDrift(answers: readonly DoubleMarkedAnswer[], limits = DRIFT_LIMITS): MarkerDrift[] {
  const tally = new Map<string, { answers: number; difference: number; close: number }>();
  const add = (marker: string, own: number, other: number, answer: DoubleMarkedAnswer) => {
    const entry = tally.get(marker) ?? { answers: 0, difference: 0, close: 0 };
    const scale = { max: answer.max, step: answer.step };
    entry.answers++;
    entry.difference += answer.max > 0 ? (own - other) / answer.max : 0;
    if (Math.abs(scalePoint(own, scale) - scalePoint(other, scale)) <= 1) entry.close++;
    tally.set(marker, entry);
  };
  for (const answer of answers) {
    add(answer.markers[0], answer.marks[0], answer.marks[1], answer);
    add(answer.markers[1], answer.marks[1], answer.marks[0], answer);
  }
  return [...tally.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([marker, entry]) => {
      const share = entry.difference / entry.answers;
      const close = entry.close / entry.answers;
      const checked = entry.answers >= limits.minAnswers;
      const reasons: DriftReason[] = [];
      if (checked && share >= limits.meanDifferenceShare - 1e-9) reasons.push('lenient');
      if (checked && share <= -limits.meanDifferenceShare + 1e-9) reasons.push('severe');
      if (checked && close < limits.minExactOrAdjacent) reasons.push('low_agreement');
      return {
        marker,
        answers: entry.answers,
        mean_difference_share: share,
        exact_or_adjacent: close,
        checked,
        reasons,
      };
    });
}
