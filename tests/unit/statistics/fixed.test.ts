import { describe, expect, it } from 'vitest';
import { abilityFromParameters, fitRasch, keptRank, responseProbabilityLocation } from '../../../src/common/statistics';
import { mulberry32 } from '../../helpers/seeded-random';

/** Persons answering dichotomous items of the given difficulties, and one partial-credit item out of 3. */
function simulate(seed: number, persons: number, difficulties: number[]) {
  const random = mulberry32(seed);
  return Array.from({ length: persons }, () => {
    const theta = (random() - 0.5) * 4;
    const row = difficulties.map((b) => (random() < 1 / (1 + Math.exp(b - theta)) ? 1 : 0));
    let essay = 0;
    for (const step of [-0.5, 0.2, 0.9]) if (random() < 1 / (1 + Math.exp(step - theta))) essay++;
    return [...row, essay];
  });
}

describe('a person measured on stored item parameters (issue 42)', () => {
  const difficulties = [-1.5, -1, -0.5, 0, 0.3, 0.6, 1, 1.4];
  const scores = simulate(7, 600, difficulties);
  const items = [...difficulties.map(() => ({ max: 1 })), { max: 3 }];
  const fit = fitRasch({ items, scores });
  const stored = fit.items.map((item) => ({ max: item.max, categories: item.categories, thresholds: item.thresholds }));

  it('gives the calibration’s own Warm estimate for every person who took every item (to 1e-9)', () => {
    scores.forEach((row, index) => {
      const measured = abilityFromParameters(stored, row)!;
      expect(measured.ability).toBeCloseTo(fit.persons[index].ability!, 9);
      expect(measured.se).toBeCloseTo(fit.persons[index].se!, 9);
    });
  });

  it('measures on the items a person saw: fewer items, a larger standard error', () => {
    const row = scores[3];
    const all = abilityFromParameters(stored, row)!;
    const half = abilityFromParameters(stored.slice(0, 4), row.slice(0, 4))!;
    expect(half.se).toBeGreaterThan(all.se);
    expect(Number.isFinite(half.ability)).toBe(true);
  });

  it('puts a mark in the kept category below when the calibration never saw its own', () => {
    const item = { max: 4, categories: [0, 2, 4], thresholds: [-0.4, 0.6] };
    expect([0, 1, 2, 3, 4].map((mark) => keptRank(item, mark))).toEqual([0, 0, 1, 1, 2]);
  });

  it('has nothing to measure with when no item carries a step', () => {
    expect(abilityFromParameters([{ max: 1, categories: [1], thresholds: [] }], [1])).toBeNull();
  });
});

describe('the ordered item booklet (issue 42)', () => {
  it('places a right-or-wrong question at its difficulty + ln(0.67 / 0.33)', () => {
    expect(responseProbabilityLocation([0.4])).toBeCloseTo(0.4 + Math.log(0.67 / 0.33), 9);
    expect(responseProbabilityLocation([-1.2], 0.5)).toBeCloseTo(-1.2, 9);
  });

  it('places a partial-credit question where its expected mark is 0.67 of the maximum', () => {
    const steps = [-0.5, 0.2, 0.9];
    const theta = responseProbabilityLocation(steps);
    const z = steps.map((_, k) => steps.slice(0, k + 1).reduce((sum, b) => sum + theta - b, 0));
    const weights = [1, ...z.map(Math.exp)];
    const expected = weights.reduce((sum, w, k) => sum + k * w, 0) / weights.reduce((a, b) => a + b, 0);
    expect(expected / 3).toBeCloseTo(0.67, 9);
    // Harder steps, a higher location.
    expect(responseProbabilityLocation(steps.map((b) => b + 1))).toBeCloseTo(theta + 1, 9);
  });
});
