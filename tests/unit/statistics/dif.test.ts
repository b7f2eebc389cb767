import { describe, expect, it } from 'vitest';
import { mulberry32, normal } from '../../helpers/seeded-random';
import {
  analyseDif,
  chiSquarePValue,
  DIF_MIN_GROUP_SIZE,
  etsCategory,
  mantelHaenszel,
  polytomousDif,
  type DifStratum,
} from '../../../src/common/statistics/dif';

/** A 2×2 table as a stratum: reference right a, wrong b; focal right c, wrong d (scores 0 or 1). */
const table = (a: number, b: number, c: number, d: number, times = 1): DifStratum => ({
  reference: { n: (a + b) * times, sum: a * times, squares: a * times },
  focal: { n: (c + d) * times, sum: c * times, squares: c * times },
});

/**
 * Worked by hand. DifStratum 1: a=20 b=10 c=10 d=10 (T=50): AD/T = 4, BC/T = 2. DifStratum 2: a=40 b=10 c=20
 * d=10 (T=80): AD/T = 5, BC/T = 2.5. alpha = 9 / 4.5 = 2, D = −2.35 ln 2 = −1.62890 (the focal group is
 * disadvantaged).
 * Chi-square: E(A) = 30·30/50 = 18 and 50·60/80 = 37.5; Var(A) = 30·20·30·20/(50²·49) = 2.938776 and
 * 50·30·60·20/(80²·79) = 3.560127; (|60 − 55.5| − 0.5)² / 6.498903 = 16 / 6.498903 = 2.461954 (p = .117).
 * SE (Robins, Breslow & Greenland): P = .6, .625; Q = .4, .375; Var(ln alpha) = 5.525/162 + 6.2375/81 +
 * 1.7375/40.5 = 0.154012, SE(D) = 2.35 × 0.392444 = 0.922244. Not significant, so category A.
 * Ten times the counts: same alpha and D; chi-square (45 − 0.5)² / 64.057965 = 30.9134; Var(ln alpha)
 * = 0.0154012, SE(D) = 0.291639; |D| − 1 = 0.6289 > 1.645 × 0.291639 = 0.4797, so category C.
 */
describe('Mantel–Haenszel DIF', () => {
  it('computes alpha, D-DIF, its SE and the corrected chi-square of a worked example', () => {
    const result = mantelHaenszel([table(20, 10, 10, 10), table(40, 10, 20, 10)]);
    expect(result.alpha).toBeCloseTo(2, 12);
    expect(result.d_dif).toBeCloseTo(-1.6289, 4);
    expect(result.chi_square).toBeCloseTo(2.461954, 5);
    expect(result.p_value).toBeCloseTo(0.1166, 3);
    expect(result.se).toBeCloseTo(0.922244, 5);
    expect(result).toMatchObject({ strata: 2, reference_n: 80, focal_n: 50, category: 'A', favours: 'reference' });
  });

  it('calls the same odds ratio large DIF (C) with ten times the students, dropping one-group strata', () => {
    const onlyReference: DifStratum = { reference: { n: 5, sum: 5, squares: 5 }, focal: { n: 0, sum: 0, squares: 0 } };
    const result = mantelHaenszel([table(20, 10, 10, 10, 10), table(40, 10, 20, 10, 10), onlyReference]);
    expect(result.d_dif).toBeCloseTo(-1.6289, 4);
    expect(result.chi_square).toBeCloseTo(30.9134, 3);
    expect(result.se).toBeCloseTo(0.291639, 5);
    expect(result).toMatchObject({ strata: 2, reference_n: 800, category: 'C' });
  });

  it('follows the ETS rules and gives null rather than infinities', () => {
    expect(etsCategory(-0.9, 0.1, 0.001)).toBe('A');
    expect(etsCategory(-1.2, 0.1, 0.001)).toBe('B');
    expect(etsCategory(1.6, 0.4, 0.001)).toBe('B'); // 0.6 < 1.645 × 0.4 = 0.658
    expect(etsCategory(1.6, 0.3, 0.001)).toBe('C'); // 0.6 > 1.645 × 0.3 = 0.4935
    expect(etsCategory(1.6, 0.3, 0.2)).toBe('A');
    expect(etsCategory(-1.6, 0.2, 0.001)).toBe('C');
    const perfect = mantelHaenszel([table(10, 0, 0, 10)]);
    expect(perfect).toMatchObject({ alpha: null, d_dif: null, se: null, category: null });
    expect(mantelHaenszel([])).toMatchObject({ strata: 0, chi_square: null, p_value: null, category: null });
    expect(chiSquarePValue(3.841459)).toBeCloseTo(0.05, 6);
    expect(chiSquarePValue(6.634897)).toBeCloseTo(0.01, 6);
  });
});

describe('polytomous DIF', () => {
  /**
   * On 0/1 scores Mantel's chi-square is the MH chi-square without correction: (30 − 34.5)² / 6.498903
   * = 3.115911. SMD = (20 (0.5 − 0.6667) + 30 (0.6667 − 0.8)) / 50 = −0.146667.
   */
  it('reduces to the uncorrected MH chi-square on 0/1 scores', () => {
    const result = polytomousDif([table(20, 10, 10, 10), table(40, 10, 20, 10)]);
    expect(result.chi_square).toBeCloseTo(3.115911, 5);
    expect(result.smd).toBeCloseTo(-0.146667, 5);
    expect(result.category).toBe('AA');
  });

  it('computes the SMD and the effect size on marks', () => {
    // One stratum: reference marks 2, 2, 3, 3 (mean 2.5), focal 1, 2 (mean 1.5): SMD = −1.
    const result = polytomousDif([{ reference: { n: 4, sum: 10, squares: 26 }, focal: { n: 2, sum: 3, squares: 5 } }]);
    // All six marks 2, 2, 3, 3, 1, 2: mean 13/6, SD √((31 − 169/6) / 5) = 0.752773.
    expect(result.smd).toBeCloseTo(-1, 12);
    expect(result.effect_size).toBeCloseTo(-1 / 0.752773, 5);
    expect(result.favours).toBe('reference');
  });
});

function answer(random: () => number, theta: number, steps: number[], shift: number): number {
  let eta = 0;
  const weights = [1, ...steps.map((step) => Math.exp((eta += theta - step - shift)))];
  let u = random() * weights.reduce((a, b) => a + b, 0);
  return weights.findIndex((weight) => (u -= weight) <= 0);
}

describe('DIF of a simulated exam', () => {
  // 20 one-mark items (difficulties −2..2) and two items marked out of 3; English (1,500, N(0, 1)) and
  // Arabic (1,000, N(−0.5, 1)) students, a small French group and some without a language. Item 4 is one
  // logit harder and item 21 0.8 logits harder for Arabic students; the rest have no DIF, only impact.
  const steps = [...Array.from({ length: 20 }, (_, i) => [-2 + (4 * i) / 19]), [-1, 0, 1], [-0.5, 0.5, 1.2]];
  const random = mulberry32(42);
  const groups: (string | null)[] = [];
  const scores: number[][] = [];
  const add = (group: string | null, count: number, mean: number) => {
    for (let n = 0; n < count; n++) {
      const theta = mean + normal(random);
      groups.push(group);
      scores.push(
        steps.map((s, i) =>
          answer(random, theta, s, group === 'ar' && (i === 4 || i === 21) ? (i === 4 ? 1 : 0.8) : 0),
        ),
      );
    }
  };
  add('en', 1500, 0);
  add('ar', 1000, -0.5);
  add('fr', 60, 0);
  add(null, 40, 0);
  const report = analyseDif({ items: steps.map((s) => ({ max: s.length })), scores, groups });

  it('takes the largest group as reference and skips groups below the minimum', () => {
    expect(report.reference).toBe('en');
    expect(report.reference_n).toBe(1500);
    expect(report.groups.map((g) => [g.group, g.n, g.skipped])).toEqual([
      ['ar', 1000, null],
      ['fr', 60, 'too_small'],
    ]);
    expect(report.groups[1].items).toEqual([]);
    expect(DIF_MIN_GROUP_SIZE).toBe(100);
  });

  it('finds large DIF against the focal group on the altered items and little on the others', () => {
    const arabic = report.groups[0].items;
    expect(arabic[4]).toMatchObject({ kind: 'dichotomous', category: 'C', favours: 'reference' });
    expect(arabic[4].kind === 'dichotomous' && arabic[4].d_dif!).toBeLessThan(-1.5);
    expect(arabic[21]).toMatchObject({ kind: 'polytomous', category: 'CC', favours: 'reference' });
    const clean = arabic.filter((item) => item.index !== 4 && item.index !== 21);
    expect(clean.filter((item) => item.category === 'A' || item.category === 'AA').length).toBeGreaterThanOrEqual(18);
    expect(clean.some((item) => item.category === 'C' || item.category === 'CC')).toBe(false);
  });

  it('honours a chosen reference group and minimum', () => {
    const chosen = analyseDif({ items: [{ max: 1 }], scores, groups, reference: 'ar', minGroupSize: 50 });
    expect(chosen.reference).toBe('ar');
    expect(chosen.groups.map((g) => [g.group, g.skipped])).toEqual([
      ['en', null],
      ['fr', null],
    ]);
    expect(analyseDif({ items: [{ max: 1 }], scores: [], groups: [] })).toEqual({
      reference: null,
      reference_n: 0,
      groups: [],
    });
  });
});
