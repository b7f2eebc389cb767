import { describe, expect, it } from 'vitest';
import { fitConcurrent, fitRasch } from '../../../src/common/statistics';
import { lsat6Scores } from '../../helpers/lsat6';
import { sitRasch } from '../../helpers/rasch-sitting';
import { mulberry32, normal } from '../../helpers/seeded-random';

/** Concurrent (multiple-group) calibration of forms sharing questions (issue 42), against known truth. */

const sit = sitRasch;

const meanOf = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const dichotomous = (count: number) => Array.from({ length: count }, () => ({ max: 1 }));
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('concurrent calibration', () => {
  /**
   * One form is the single-group case: LSAT section VI reproduces ltm's published fit with the SD
   * fixed at 1 (Rizopoulos 2006: −2.872 −1.063 −0.258 −1.388 −2.219, standard errors .129 .082 .077
   * .086 .105) to the three decimals printed, as the single-form calibration does.
   */
  it('reproduces ltm’s published LSAT fit with one form', () => {
    const fit = fitConcurrent(
      { items: dichotomous(5), forms: [{ items: range(0, 5), scores: lsat6Scores() }] },
      { fixedSd: 1 },
    );
    expect(fit.converged).toBe(true);
    [-2.872, -1.063, -0.258, -1.388, -2.219].forEach((b, i) => expect(fit.items[i].difficulty).toBeCloseTo(b, 3));
    [0.129, 0.082, 0.077, 0.086, 0.105].forEach((se, i) => expect(fit.items[i].se).toBeCloseTo(se, 2));
    expect(fit.forms[0].mean).toBe(0);
    expect(fit.log_likelihood).toBeCloseTo(-2473.054, 2);
  });

  it('gives one form the single-form calibration’s estimates, SD included', () => {
    const scores = lsat6Scores();
    const single = fitRasch({ items: dichotomous(5), scores });
    const fit = fitConcurrent({ items: dichotomous(5), forms: [{ items: range(0, 5), scores }] });
    fit.items.forEach((item, i) => expect(item.difficulty).toBeCloseTo(single.items[i].difficulty!, 3));
    expect(fit.forms[0].sd).toBeCloseTo(single.sd, 3);
    fit.forms[0].score_table.forEach((row, r) => expect(row.ability).toBeCloseTo(single.score_table[r].ability, 3));
  });

  /**
   * The design: two forms of 40 sharing 10, 3,000 students each, round 2 abler by 0.40 and its
   * own questions harder (form 2 harder by 0.5 on average). Calibrated together, round 2's population
   * mean is its growth over round 1: within 0.05 of the drawn students' own.
   */
  it.each([1, 2, 3])('recovers growth of +0.40 between two forms sharing 10 questions (seed %i)', (seed) => {
    const random = mulberry32(seed);
    const common = range(0, 10).map((i) => -1.35 + 0.3 * i);
    const ownOne = range(0, 30).map(() => normal(random));
    const ownTwo = ownOne.map((b) => b + 0.667 + 0.2 * normal(random));
    const one = sit(random, [...common, ...ownOne], 0, 3000);
    const two = sit(random, [...common, ...ownTwo], 0.4, 3000);
    const fit = fitConcurrent({
      items: dichotomous(70),
      forms: [
        { items: range(0, 40), scores: one.scores },
        { items: [...range(0, 10), ...range(40, 30)], scores: two.scores },
      ],
    });
    expect(fit.converged).toBe(true);
    const growth = fit.forms[1].mean - fit.forms[0].mean;
    expect(Math.abs(growth - (two.truth - one.truth))).toBeLessThan(0.05);
    // The persons are on the scale too: round 2's Warm estimates are higher by about the growth.
    const persons = (g: number) => meanOf(fit.forms[g].persons_abilities.map((p) => p.ability));
    expect(Math.abs(persons(1) - persons(0) - (two.truth - one.truth))).toBeLessThan(0.08);
    // Form 2's own questions come back 0.667 harder than form 1's on average, each within 4 SE.
    const difficulties = fit.items.map((item) => item.difficulty!);
    const drawn = [...common, ...ownOne, ...ownTwo];
    const origin = meanOf(difficulties.slice(0, 40)) - meanOf(drawn.slice(0, 40));
    difficulties.forEach((b, i) => expect(Math.abs(b - origin - drawn[i])).toBeLessThan(4 * fit.items[i].se!));
    // Percent correct, the old way, shows a decline.
    const percent = (scores: number[][]) => meanOf(scores.map(meanOf));
    expect(percent(two.scores)).toBeLessThan(percent(one.scores));
  });

  /** Grades 3 to 6 (means 0, 0.6, 1.1, 1.5), 40 questions each, 8 common between neighbours: one calibration. */
  it('recovers each grade’s mean within 0.08 on a vertical scale over grades 3 to 6', () => {
    const random = mulberry32(7);
    const means = [0, 0.6, 1.1, 1.5];
    const bank: number[] = [];
    const forms = means.map((mean, g) => {
      // Form g: the last 8 questions of form g − 1, then new ones around its grade's mean.
      const shared = g === 0 ? [] : range(bank.length - 8, 8);
      const fresh = range(bank.length, 40 - shared.length);
      for (let i = 0; i < fresh.length; i++) bank.push(mean + normal(random));
      const items = [...shared, ...fresh];
      return {
        items,
        ...sit(
          random,
          items.map((i) => bank[i]),
          mean,
          3000,
        ),
      };
    });
    const fit = fitConcurrent({
      items: dichotomous(bank.length),
      forms: forms.map((form) => ({ items: form.items, scores: form.scores })),
    });
    expect(fit.converged).toBe(true);
    forms.forEach((form, g) =>
      expect(Math.abs(fit.forms[g].mean - fit.forms[0].mean - (form.truth - forms[0].truth))).toBeLessThan(0.08),
    );
  });

  it('keeps anchors as given and estimates every form’s mean from them', () => {
    const random = mulberry32(11);
    const anchors = range(0, 10).map((i) => -1.8 + 0.4 * i);
    const fresh = range(0, 30).map(() => normal(random));
    const one = sit(random, [...anchors, ...fresh.slice(0, 15)], 0.3, 2000);
    const two = sit(random, [...anchors, ...fresh.slice(15)], 0.8, 2000);
    const fit = fitConcurrent(
      {
        items: dichotomous(40),
        forms: [
          { items: range(0, 25), scores: one.scores },
          { items: [...range(0, 10), ...range(25, 15)], scores: two.scores },
        ],
      },
      { anchors: range(0, 40).map((i) => (i < 10 ? { categories: [0, 1], thresholds: [anchors[i]] } : null)) },
    );
    expect(fit.converged).toBe(true);
    fit.items.slice(0, 10).forEach((item, i) => {
      expect(item.anchored).toBe(true);
      expect(item.difficulty).toBe(anchors[i]);
    });
    expect(Math.abs(fit.forms[0].mean - one.truth)).toBeLessThan(0.08);
    expect(Math.abs(fit.forms[1].mean - two.truth)).toBeLessThan(0.08);
  });

  it('calibrates partial-credit questions shared by two forms', () => {
    const random = mulberry32(5);
    const steps = [
      [-1, 0.5],
      [-0.5, 1],
      [0, 0.2],
    ];
    const answer = (theta: number, item: number[]) => {
      let eta = 0;
      const weights = [1, ...item.map((step) => Math.exp((eta += theta - step)))];
      let u = random() * weights.reduce((a, b) => a + b, 0);
      return weights.findIndex((weight) => (u -= weight) <= 0);
    };
    const form = (mean: number) =>
      Array.from({ length: 1500 }, () => {
        const theta = mean + normal(random);
        return steps.map((item) => answer(theta, item));
      });
    const fit = fitConcurrent({
      items: steps.map(() => ({ max: 2 })),
      forms: [
        { items: [0, 1, 2], scores: form(0) },
        { items: [0, 1, 2], scores: form(0.5) },
      ],
    });
    expect(fit.converged).toBe(true);
    fit.items.forEach((item, i) =>
      item.thresholds.forEach((threshold, j) => expect(Math.abs(threshold - steps[i][j])).toBeLessThan(0.2)),
    );
    expect(Math.abs(fit.forms[1].mean - 0.5)).toBeLessThan(0.1);
  });
});
