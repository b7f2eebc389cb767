import { describe, expect, it } from 'vitest';
import {
  DRIFT_LIMITS,
  intraclassCorrelation,
  markerAgreement,
  markerDrift,
  quadraticKappa,
  scalePoint,
  weightedKappa,
  type DoubleMarkedAnswer,
} from '../../../src/common/statistics/agreement';

/**
 * Agresti's husbands' (rows) and wives' (columns) ratings of sexual fun, 91 couples, four ordered
 * categories (vcd's `SexualFun`). vcd's documentation prints `Kappa(SexualFun)`: unweighted 0.1293,
 * weighted (equal spacing, i.e. linear) 0.2374.
 * Quadratic weights 1, 8/9, 5/9, 0 by distance, worked by hand: the diagonal holds 33, one step apart 35,
 * two 18, three 5, so Σw·n = 33 + 35·8/9 + 18·5/9 = 74.1111 and p_o = 0.814408; margins rows 19 20 19 33,
 * columns 12 28 18 33 give p_e = Σw·r·c / 91² = 0.722148; kappa = 0.092260 / 0.277852 = 0.33205.
 */
const SEXUAL_FUN = [
  [7, 7, 2, 3],
  [2, 8, 3, 7],
  [1, 5, 4, 9],
  [2, 8, 9, 14],
];

/** Shrout & Fleiss (1979), Table 2: six targets rated by four judges; ICC(1,1) .17, ICC(2,1) .29, ICC(3,1) .71. */
const SHROUT_FLEISS = [
  [9, 2, 5, 8],
  [6, 1, 3, 2],
  [8, 4, 6, 8],
  [7, 1, 2, 6],
  [10, 5, 6, 9],
  [6, 2, 4, 7],
];

describe('weighted kappa', () => {
  it('matches the published SexualFun figures', () => {
    expect(weightedKappa(SEXUAL_FUN, 'none')).toBeCloseTo(0.1293, 4);
    expect(weightedKappa(SEXUAL_FUN, 'linear')).toBeCloseTo(0.2374, 4);
    expect(weightedKappa(SEXUAL_FUN, 'quadratic')).toBeCloseTo(0.33205, 5);
  });

  it('is 1 for perfect agreement and null when undefined', () => {
    expect(weightedKappa([[3, 0], [0, 2]], 'linear')).toBe(1); // prettier-ignore
    expect(weightedKappa([[5, 0], [0, 0]], 'quadratic')).toBeNull(); // prettier-ignore
    expect(weightedKappa([], 'linear')).toBeNull();
  });
});

describe('quadratic-weighted kappa from the marks', () => {
  /** The table's couples as pairs of category numbers, the same category rescaled to another maximum. */
  const couples = (scale: number) =>
    SEXUAL_FUN.flatMap((row, i) =>
      row.flatMap((count, j) => Array.from({ length: count }, () => [i * scale, j * scale] as const)),
    );

  it('equals the table kappa on one scale, and does not change when the marks are rescaled', () => {
    expect(quadraticKappa(couples(1))).toBeCloseTo(0.33205, 5);
    expect(quadraticKappa(couples(1 / 3))).toBeCloseTo(0.33205, 5);
    expect(quadraticKappa(couples(2.5))).toBeCloseTo(0.33205, 5);
  });

  it('pools questions of different maxima as shares, as a pair of markers over an exam', () => {
    // The table's 91 couples on a 0..3 scale and the same on a 0..6 scale in steps of 2: as shares both are one table.
    const pooled = [...couples(1 / 3), ...couples(2 / 6)];
    expect(quadraticKappa(pooled)).toBeCloseTo(0.33205, 5);
    expect(quadraticKappa([[1, 1], [0, 0], [0.5, 0.5]])).toBe(1); // prettier-ignore
    // Systematic disagreement counts against it, unlike a correlation.
    expect(quadraticKappa([[1, 0.5], [0.5, 0], [0.75, 0.25]])).toBeLessThan(0.5); // prettier-ignore
  });

  it('is null with nothing to compare or no spread', () => {
    expect(quadraticKappa([])).toBeNull();
    expect(quadraticKappa([[1, 1], [1, 1]])).toBeNull(); // prettier-ignore
  });
});

describe('intraclass correlation', () => {
  it('matches Shrout & Fleiss (1979)', () => {
    const icc = intraclassCorrelation(SHROUT_FLEISS);
    expect(icc.icc1).toBeCloseTo(0.17, 2);
    expect(icc.icc2).toBeCloseTo(0.29, 2);
    expect(icc.icc3).toBeCloseTo(0.71, 2);
  });

  it('is null with fewer than two targets or raters, ragged rows or no spread', () => {
    expect(intraclassCorrelation([[1, 2]])).toEqual({ icc1: null, icc2: null, icc3: null });
    expect(intraclassCorrelation([[1], [2]]).icc2).toBeNull();
    expect(intraclassCorrelation([[1, 2], [3]]).icc2).toBeNull();
    expect(
      intraclassCorrelation([
        [2, 2],
        [2, 2],
      ]).icc2,
    ).toBeNull();
  });
});

describe('agreement of two markers', () => {
  it('counts exact and adjacent agreement on a half-mark scale', () => {
    const pairs: [number, number][] = [
      [4, 4],
      [3.5, 3.5],
      [3, 2.5],
      [2, 3],
      [0, 0.5],
      [1, 1],
      [2.5, 1.5],
      [4, 3.5],
    ];
    const result = markerAgreement(pairs, { max: 4, step: 0.5 });
    // Same point: 3 of 8; one step (0.5) apart: 3; two steps: 2 (2 vs 3 and 2.5 vs 1.5).
    expect(result).toMatchObject({ n: 8, exact: 3 / 8, adjacent: 3 / 8, exact_or_adjacent: 6 / 8 });
    expect(result.mean_difference).toBeCloseTo((0 + 0 + 0.5 - 1 - 0.5 + 0 + 1 + 0.5) / 8, 12);
    expect(result.kappa_quadratic!).toBeGreaterThan(result.kappa_linear!);
    expect(result.icc!).toBeGreaterThan(0.8);
  });

  it('places marks on the scale and copes with no pairs', () => {
    expect(scalePoint(2.5, { max: 4, step: 0.5 })).toBe(5);
    expect(scalePoint(2.74, { max: 4, step: 0.5 })).toBe(5);
    expect(scalePoint(9, { max: 4, step: 1 })).toBe(4);
    expect(scalePoint(Number.NaN, { max: 4, step: 1 })).toBe(0);
    expect(markerAgreement([], { max: 4, step: 1 })).toMatchObject({
      n: 0,
      exact: null,
      kappa_linear: null,
      icc: null,
    });
  });
});

describe('marker drift', () => {
  /** `count` answers of a question out of 10 (step 1) where `a` gives `markA` and `b` gives `markB`. */
  const answers = (count: number, a: string, b: string, markA: number, markB: number): DoubleMarkedAnswer[] =>
    Array.from({ length: count }, () => ({ markers: [a, b], marks: [markA, markB], max: 10, step: 1 }));

  it('flags a lenient marker against every co-marker and leaves agreeing markers alone', () => {
    const drift = markerDrift([
      ...answers(15, 'amal', 'badr', 7, 6),
      ...answers(15, 'amal', 'carla', 6, 5),
      ...answers(20, 'badr', 'carla', 5, 5),
    ]);
    expect(drift.map((d) => [d.marker, d.answers, d.checked, d.reasons])).toEqual([
      ['amal', 30, true, ['lenient']],
      ['badr', 35, true, []],
      ['carla', 35, true, []],
    ]);
    expect(drift[0].mean_difference_share).toBeCloseTo(0.1, 12);
    expect(drift[1].mean_difference_share).toBeCloseTo(-15 / 10 / 35, 12);
  });

  it('flags severity and low agreement, but only with enough answers', () => {
    const drift = markerDrift([
      ...answers(25, 'dina', 'emad', 2, 6),
      ...answers(DRIFT_LIMITS.minAnswers - 1, 'fadi', 'ghada', 0, 10),
    ]);
    const byMarker = Object.fromEntries(drift.map((d) => [d.marker, d]));
    expect(byMarker.dina.reasons).toEqual(['severe', 'low_agreement']);
    expect(byMarker.emad.reasons).toEqual(['lenient', 'low_agreement']);
    expect(byMarker.fadi).toMatchObject({ checked: false, reasons: [], exact_or_adjacent: 0 });
    expect(markerDrift([])).toEqual([]);
  });
});
