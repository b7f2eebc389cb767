import { describe, expect, it } from 'vitest';
import { ADAPTIVE_MIN_SEEN, analyseAdaptiveItems, mulberry32, normal } from '../../../src/common/statistics/index';

/**
 * An adaptive exam's item analysis: each question read over the students given it, never over the
 * zeros of those who were not; exposure; the empirical reliability of the abilities. Checked against
 * figures computed here by hand from the same seeded data.
 */
const random = mulberry32(43);
const N = 60;
const abilities = Array.from({ length: N }, () => normal(random));
const errors = abilities.map((_, index) => 0.28 + (index % 5) * 0.01);
// Question 1 to everybody, question 2 to every student but each fourth,
// question 3 to ten students only (under the minimum seen).
const given = abilities.map((_, r) => [true, r % 4 !== 0, r < 10]);
const p = (theta: number, b: number) => 1 / (1 + Math.exp(b - theta));
const scores = abilities.map((theta, r) => [
  random() < p(theta, 0) ? 1 : 0,
  given[r][1] ? (random() < p(theta, 0.5) ? 2 : random() < 0.5 ? 1 : 0) : 0,
  given[r][2] ? (random() < p(theta, -1) ? 1 : 0) : 0,
]);
const choicesOf = scores.map((row, r) => (given[r][0] ? [row[0] === 1 ? 'a' : r % 2 ? 'b' : 'c'] : null));
const input = {
  items: [
    {
      id: 11,
      max: 1,
      options: [
        { id: 'a', correct: true },
        { id: 'b', correct: false },
        { id: 'c', correct: false },
      ],
    },
    { id: 12, max: 2 },
    { id: 13, max: 1 },
  ],
  scores,
  given,
  abilities,
  errors,
  choices: new Map([[0, choicesOf]]),
};

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const sampleVariance = (values: number[]) => {
  const m = mean(values);
  return values.reduce((total, v) => total + (v - m) ** 2, 0) / (values.length - 1);
};
const pearson = (xs: number[], ys: number[]) => {
  const mx = mean(xs);
  const my = mean(ys);
  const sxy = xs.reduce((total, x, i) => total + (x - mx) * (ys[i] - my), 0);
  const sxx = xs.reduce((total, x) => total + (x - mx) ** 2, 0);
  const syy = ys.reduce((total, y) => total + (y - my) ** 2, 0);
  return sxy / Math.sqrt(sxx * syy);
};

describe('analyseAdaptiveItems', () => {
  const result = analyseAdaptiveItems(input);

  it('reads a question over the students given it only, never over the zeros of the others', () => {
    const seen = scores.flatMap((row, r) => (given[r][1] ? [row[1]] : []));
    expect(seen).toHaveLength(45);
    expect(result.items[1].mean).toBeCloseTo(mean(seen), 4);
    expect(result.items[1].facility).toBeCloseTo(mean(seen) / 2, 4);
    expect(result.items[1].sd).toBeCloseTo(Math.sqrt(sampleVariance(seen)), 4);
    // Counting the 15 who never saw it as wrong would have made it look harder.
    expect(result.items[1].facility!).toBeGreaterThan(mean(scores.map((row) => row[1])) / 2);
  });

  it(`shows no classical figure for a question given to fewer than ${ADAPTIVE_MIN_SEEN} students`, () => {
    expect(result.uses[2]).toMatchObject({ id: 13, given: 10, exposure: 0.1667, ability_correlation: null });
    expect(result.items[2]).toMatchObject({ facility: null, facility_ci: null, discrimination_index: null });
    expect(result.items[2].options).toBeUndefined();
  });

  it('compares nothing with the rest of the test: every student had other questions', () => {
    for (const item of result.items)
      expect(item).toMatchObject({
        item_rest_correlation: null,
        item_total_correlation: null,
        alpha_if_deleted: null,
        item_rest_ci: null,
      });
  });

  it('correlates a question with the measured ability over the students given it', () => {
    const seen = scores.flatMap((row, r) => (given[r][1] ? [row[1]] : []));
    const theta = abilities.filter((_, r) => given[r][1]);
    expect(result.uses[1].ability_correlation).toBeCloseTo(pearson(seen, theta), 4);
    expect(result.uses[0].ability_correlation).toBeCloseTo(
      pearson(
        scores.map((row) => row[0]),
        abilities,
      ),
      4,
    );
  });

  it('ranks the upper and lower groups by ability: options and the upper-lower index', () => {
    const order = abilities.map((_, r) => r).sort((a, b) => abilities[b] - abilities[a]);
    const size = Math.round(N * 0.27);
    const upper = order.slice(0, size);
    const lower = order.slice(-size);
    const right = (rows: number[]) => rows.filter((r) => scores[r][0] === 1).length / size;
    expect(result.items[0].discrimination_index).toBeCloseTo(right(upper) - right(lower), 4);
    const a = result.items[0].options!.find((option) => option.id === 'a')!;
    expect(a.upper_share).toBeCloseTo(right(upper), 4);
    expect(a.count).toBe(scores.filter((row) => row[0] === 1).length);
  });

  it('gives each question its exposure, and the test its length, precision and reliability', () => {
    expect(result.uses.map((use) => use.exposure)).toEqual([1, 0.75, 0.1667]);
    const squared = mean(errors.map((se) => se * se));
    expect(result.test).toMatchObject({
      measured: N,
      pool_used: 3,
      max_exposure: 1,
    });
    expect(result.test.mean_length).toBeCloseTo((60 + 45 + 10) / 60, 4);
    expect(result.test.mean_se).toBeCloseTo(mean(errors), 4);
    expect(result.test.mean_information).toBeCloseTo(mean(errors.map((se) => 1 / (se * se))), 3);
    expect(result.test.reliability).toBeCloseTo(1 - squared / sampleVariance(abilities), 4);
  });

  it('leaves out of the precision the attempts with no stored measure, and counts an unused question', () => {
    const partial = analyseAdaptiveItems({
      ...input,
      given: given.map((row) => [row[0], row[1], false]),
      abilities: abilities.map((theta, r) => (r < 5 ? null : theta)),
    });
    expect(partial.test.measured).toBe(N - 5);
    expect(partial.test.pool_used).toBe(2);
    expect(partial.uses[2]).toMatchObject({ given: 0, exposure: 0 });
  });
});
