import { describe, expect, it } from 'vitest';
import { lsat6Scores } from '../../helpers/lsat6';
import { mulberry32, normal } from '../../helpers/seeded-random';
import {
  fitRasch,
  raschCategory,
  raschTopCategory,
  wrightMap,
  type RaschResult,
} from '../../../src/common/statistics/index';

/** LSAT section VI (tests/helpers/lsat6.ts): facilities .924 .709 .553 .763 .870. */
const LSAT = lsat6Scores();
const FIVE_ITEMS = Array.from({ length: 5 }, () => ({ max: 1 }));

function simulate(seed: number, persons: number, steps: number[][], reversed = new Set<number>()): number[][] {
  const random = mulberry32(seed);
  return Array.from({ length: persons }, () => {
    const theta = normal(random);
    return steps.map((itemSteps, i) => {
      const ability = reversed.has(i) ? -theta : theta;
      let eta = 0;
      const weights = [1, ...itemSteps.map((step) => Math.exp((eta += ability - step)))];
      let u = random() * weights.reduce((a, b) => a + b, 0);
      return weights.findIndex((weight) => (u -= weight) <= 0);
    });
  });
}

function expectAllFinite(value: unknown, path = 'result'): void {
  if (typeof value === 'number') expect(Number.isFinite(value), path).toBe(true);
  else if (Array.isArray(value)) value.forEach((entry, i) => expectAllFinite(entry, `${path}[${i}]`));
  else if (value && typeof value === 'object')
    for (const [key, entry] of Object.entries(value)) expectAllFinite(entry, `${path}.${key}`);
}

const difficulties = (result: RaschResult) => result.items.map((item) => item.difficulty!);

describe('Rasch calibration of LSAT section VI', () => {
  /**
   * ltm's `rasch(LSAT, constraint = cbind(length(LSAT) + 1, 1))` (discrimination 1, ability N(0, 1),
   * 21 Gauss–Hermite points), as quoted from Rizopoulos (2006), J. Stat. Software 17(5): difficulties
   * -2.872 -1.063 -0.258 -1.388 -2.219, standard errors .129 .082 .077 .086 .105. The same model fitted by
   * irtQ's `est_irt(LSAT6, D = 1, model = "1PLM", fix.a.1pl = TRUE, a.val.1pl = 1)` (its documentation,
   * 49 points on -6..6, as here) prints -2.87 -1.06 -0.26 -1.39 -2.22, standard errors 0.13 0.08 0.08 0.09
   * 0.11 and log-likelihood -2473.054. This fit gives -2.8720 -1.0630 -0.2576 -1.3881 -2.2188, standard errors
   * .1287 .0821 .0766 .0865 .1048, log-likelihood -2473.0538.
   */
  it('reproduces ltm with the ability SD fixed at 1', () => {
    const result = fitRasch({ items: FIVE_ITEMS, scores: LSAT }, { fixedSd: 1 });
    expect(result.converged).toBe(true);
    expect(result.sd_fixed).toBe(true);
    [-2.872, -1.063, -0.258, -1.388, -2.219].forEach((b, i) => expect(result.items[i].difficulty).toBeCloseTo(b, 2));
    [0.129, 0.082, 0.077, 0.086, 0.105].forEach((se, i) => expect(result.items[i].se).toBeCloseTo(se, 2));
    expect(result.log_likelihood).toBeCloseTo(-2473.054, 2);
    expect(result.items.every((item) => item.thresholds.length === 1 && !item.extreme)).toBe(true);
  });

  /**
   * ltm's unconstrained `rasch(LSAT)` estimates a common discrimination a = 0.7551 (se 0.0694) with
   * difficulties b* = -3.6153 -1.3224 -0.3176 -1.7301 -2.7802 and log.Lik -2466.938 (summary printed in
   * R. Ziedzor's public "Bayesian IRT" notebook, 2020; irtQ's 1PLM fit prints a = 0.7551678 and
   * b* = -3.6151311 -1.3223732 -0.3176192 -1.7300276 -2.7800696). Logit = a (z − b*) with z ~ N(0, 1) is
   * the Rasch model with θ = a z ~ N(0, a²) and difficulty a b*: the free SD is a.
   */
  it('reproduces ltm with the ability SD estimated', () => {
    const result = fitRasch({ items: FIVE_ITEMS, scores: LSAT });
    expect(result.converged).toBe(true);
    expect(result.sd_fixed).toBe(false);
    expect(result.sd).toBeCloseTo(0.7551, 3);
    expect(result.sd_se).toBeCloseTo(0.0694, 3);
    [-3.6153, -1.3224, -0.3176, -1.7301, -2.7802].forEach((b, i) =>
      expect(result.items[i].difficulty! / result.sd).toBeCloseTo(b, 2),
    );
    expect(result.log_likelihood).toBeCloseTo(-2466.938, 2);
  });

  it('gives every raw score a finite WLE, increasing with the score, and every person the one of their score', () => {
    const result = fitRasch({ items: FIVE_ITEMS, scores: LSAT });
    const abilities = result.score_table.map((row) => row.ability);
    expect(abilities).toHaveLength(6);
    abilities.slice(1).forEach((ability, r) => expect(ability).toBeGreaterThan(abilities[r]));
    expect(result.score_table.map((row) => row.persons)).toEqual([3, 20, 85, 237, 357, 298]);
    expect(result.persons[0]).toEqual({ raw_score: 0, ability: abilities[0], se: result.score_table[0].se });
    expectAllFinite(result);
  });
});

describe('Rasch parameter recovery on simulated data', () => {
  // 2,000 persons N(0, 1), 20 dichotomous items with difficulties evenly from -2 to 2.
  const truth = Array.from({ length: 20 }, (_, i) => -2 + (4 * i) / 19);
  const items20 = truth.map(() => ({ max: 1 }));

  /** Observed with seed 7: bias 0.023, RMSE 0.068 (an item's SE is about 0.06 here), SD 1.056; infit 0.94..1.00, outfit 0.85..1.00. */
  it('recovers dichotomous difficulties without bias, with infit and outfit near 1', () => {
    const result = fitRasch({
      items: items20,
      scores: simulate(
        7,
        2000,
        truth.map((b) => [b]),
      ),
    });
    const errors = difficulties(result).map((b, i) => b - truth[i]);
    const bias = errors.reduce((a, b) => a + b, 0) / errors.length;
    const rmse = Math.sqrt(errors.reduce((a, b) => a + b * b, 0) / errors.length);
    expect(result.converged).toBe(true);
    expect(Math.abs(bias)).toBeLessThan(0.05);
    expect(rmse).toBeLessThan(0.1);
    expect(result.sd).toBeGreaterThan(0.9);
    expect(result.sd).toBeLessThan(1.1);
    for (const item of result.items) {
      expect(item.infit).toBeGreaterThan(0.8);
      expect(item.infit).toBeLessThan(1.2);
      expect(item.outfit).toBeGreaterThan(0.8);
      expect(item.outfit).toBeLessThan(1.2);
    }
    expect(result.reliability).toBeGreaterThan(0.6);
  });

  /** Observed with seed 11: thresholds bias -0.034, RMSE 0.073 (0.082 for the partial credit items); outfit 0.83..1.02. */
  it('recovers partial credit thresholds among dichotomous items', () => {
    const pcm = [[-1, 0, 1], [-0.5, 0.5, 1.5], [-1.5, -0.5, 0.5], [0, 0.5, 1]]; // prettier-ignore
    const steps = [...truth.map((b) => [b]), ...pcm];
    const result = fitRasch({ items: steps.map((s) => ({ max: s.length })), scores: simulate(11, 2000, steps) });
    expect(result.model).toBe('partial_credit');
    expect(result.converged).toBe(true);
    const errors = result.items.flatMap((item, i) => item.thresholds.map((d, j) => d - steps[i][j]));
    expect(errors).toHaveLength(32);
    expect(Math.abs(errors.reduce((a, b) => a + b, 0) / errors.length)).toBeLessThan(0.05);
    expect(Math.sqrt(errors.reduce((a, b) => a + b * b, 0) / errors.length)).toBeLessThan(0.1);
    const pcmItem = result.items[20];
    expect(pcmItem.categories).toEqual([0, 1, 2, 3]);
    expect(pcmItem.difficulty).toBeCloseTo(pcmItem.thresholds.reduce((a, b) => a + b, 0) / 3, 10);
    for (const item of result.items) expect(item.outfit).toBeLessThan(1.2);
  });

  /** Observed with seed 5: the reversed item's outfit 1.85 and infit 1.57; the other items' outfit 0.83..0.94. */
  it('flags a reversed item with an outfit well above 1', () => {
    const result = fitRasch({
      items: items20,
      scores: simulate(
        5,
        2000,
        truth.map((b) => [b]),
        new Set([10]),
      ),
    });
    expect(result.items[10].outfit).toBeGreaterThan(1.3);
    expect(result.items[10].infit).toBeGreaterThan(1.3);
    expect(result.items.filter((item) => item.outfit! > 1.3).map((item) => item.index)).toEqual([10]);
  });
});

describe('Rasch scoring of marks', () => {
  it('rounds marks to whole categories and caps items marked out of more than 10', () => {
    expect(raschTopCategory(1)).toBe(1);
    expect(raschTopCategory(0.5)).toBe(1);
    expect(raschTopCategory(3)).toBe(3);
    expect(raschTopCategory(2.5)).toBe(3);
    expect(raschTopCategory(40)).toBe(10);
    expect(raschCategory(0.5, 1, 1)).toBe(1);
    expect(raschCategory(0.49, 1, 1)).toBe(0);
    expect(raschCategory(1.25, 3, 3)).toBe(1);
    expect(raschCategory(1.5, 3, 3)).toBe(2);
    expect(raschCategory(2.75, 3, 3)).toBe(3);
    expect(raschCategory(17, 40, 10)).toBe(4);
    expect(raschCategory(Number.NaN, 3, 3)).toBe(0);
    expect(raschCategory(5, 3, 3)).toBe(3);
  });

  it('drops categories nobody used and keeps the rest in order', () => {
    const scores = [[0], [1], [3], [3], [1], [0], [3]].map(([mark], i) => [mark, i % 2]);
    const result = fitRasch({ items: [{ max: 3 }, { max: 1 }], scores });
    expect(result.items[0].categories).toEqual([0, 1, 3]);
    expect(result.items[0].thresholds).toHaveLength(2);
    expectAllFinite(result);
  });
});

describe('Rasch edge cases', () => {
  it('reports items everybody got right or wrong as extreme, and calibrates the rest', () => {
    const scores = LSAT.map((row) => [1, ...row, 0]);
    const result = fitRasch({ items: [{ max: 1 }, ...FIVE_ITEMS, { max: 2 }], scores }, { fixedSd: 1 });
    expect(result.items[0]).toMatchObject({ extreme: true, difficulty: null, se: null, infit: null, thresholds: [] });
    expect(result.items[6]).toMatchObject({ extreme: true, difficulty: null, categories: [0] });
    expect(result.items[1].difficulty).toBeCloseTo(-2.872, 2);
    expect(result.persons[0].raw_score).toBe(0);
  });

  it('gives persons with zero and full scores finite abilities', () => {
    const scores = [...LSAT.slice(0, 300), [0, 0, 0, 0, 0], [1, 1, 1, 1, 1]];
    const result = fitRasch({ items: FIVE_ITEMS, scores });
    const [low, high] = result.persons.slice(-2);
    expect(low.ability!).toBeLessThan(result.score_table[1].ability);
    expect(high.ability!).toBeGreaterThan(result.score_table[4].ability);
    expectAllFinite(result);
  });

  it('copes with one item, no persons, no items, and only extreme items', () => {
    const oneItem = fitRasch({ items: [{ max: 1 }], scores: [[1], [0], [1]] });
    expect(oneItem.sd_fixed).toBe(true);
    expect(oneItem.items[0].extreme).toBe(false);
    expectAllFinite(oneItem);

    const noPersons = fitRasch({ items: FIVE_ITEMS, scores: [] });
    expect(noPersons.items.every((item) => item.extreme && item.difficulty === null)).toBe(true);
    expect(noPersons).toMatchObject({ persons: [], converged: true, reliability: null });
    expectAllFinite(noPersons);

    expectAllFinite(fitRasch({ items: [], scores: [[], []] }));

    const allExtreme = fitRasch({
      items: FIVE_ITEMS,
      scores: [
        [1, 1, 0, 0, 1],
        [1, 1, 0, 0, 1],
      ],
    });
    expect(allExtreme.items.every((item) => item.extreme)).toBe(true);
    expect(allExtreme.persons).toEqual([
      { raw_score: 0, ability: null, se: null },
      { raw_score: 0, ability: null, se: null },
    ]);
    expectAllFinite(allExtreme);
  });

  it('stops at the iteration limit and says so', () => {
    const result = fitRasch({ items: FIVE_ITEMS, scores: LSAT }, { maxIterations: 1 });
    expect(result).toMatchObject({ iterations: 1, converged: false });
    expectAllFinite(result);
  });
});

describe('Wright map', () => {
  it('bins every person and lists the calibrated items on the same logit scale', () => {
    const result = fitRasch({ items: [...FIVE_ITEMS, { max: 1 }], scores: LSAT.map((row) => [...row, 1]) });
    const map = wrightMap(result, 0.5);
    expect(map.items.map((item) => item.index)).toEqual([0, 1, 2, 3, 4]);
    expect(map.bins.reduce((total, bin) => total + bin.persons, 0)).toBe(1000);
    for (const bin of map.bins) expect(bin.to - bin.from).toBeCloseTo(0.5, 10);
    const low = Math.min(...result.persons.map((p) => p.ability!), ...map.items.map((item) => item.difficulty));
    expect(map.bins[0].from).toBeLessThanOrEqual(low);
    expect(map.bins[0].from + 0.5).toBeGreaterThan(low);
    const top = result.score_table[5].ability;
    expect(map.bins.find((bin) => bin.from <= top && top < bin.to)!.persons).toBe(298);
  });

  it('is empty without persons or items', () => {
    expect(wrightMap(fitRasch({ items: [], scores: [] }))).toEqual({ bins: [], items: [] });
  });
});
