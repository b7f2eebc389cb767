import { describe, expect, it } from 'vitest';
import { fitRasch, linkToScale } from '../../../src/common/statistics';
import { mulberry32, normal } from '../../helpers/seeded-random';

/** Persons (abilities around `mean`) answering dichotomous items of the given difficulties. */
function sit(seed: number, persons: number, mean: number, difficulties: number[]) {
  const random = mulberry32(seed);
  return Array.from({ length: persons }, () => {
    const theta = mean + normal(random);
    return difficulties.map((b) => (random() < 1 / (1 + Math.exp(b - theta)) ? 1 : 0));
  });
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('fixed-parameter (anchored) calibration (issue 42)', () => {
  // Form 2: 10 anchors on the scale and 30 new questions 0.5 logits harder; its students 0.4 above the scale's 0.
  const anchors = Array.from({ length: 10 }, (_, i) => -1.8 + (3.6 * i) / 9);
  const fresh = Array.from({ length: 30 }, (_, i) => -1.3 + (3.6 * i) / 29);
  const items = [...anchors, ...fresh].map(() => ({ max: 1 }));

  it.each([1, 2, 3])(
    'keeps the anchors as given and recovers the sitting’s mean and the new questions (seed %i)',
    (seed) => {
      const scores = sit(seed, 3000, 0.4, [...anchors, ...fresh]);
      const fit = fitRasch(
        { items, scores },
        { anchors: [...anchors.map((b) => ({ categories: [0, 1], thresholds: [b] })), ...fresh.map(() => null)] },
      );
      expect(fit.converged).toBe(true);
      fit.items.slice(0, 10).forEach((item, i) => {
        expect(item.anchored).toBe(true);
        expect(item.difficulty).toBe(anchors[i]);
        expect(item.se).toBeNull();
      });
      expect(fit.mean).toBeGreaterThan(0.4 - 0.06);
      expect(fit.mean).toBeLessThan(0.4 + 0.06);
      const recovered = fit.items.slice(10).map((item) => item.difficulty!);
      expect(Math.abs(mean(recovered) - mean(fresh))).toBeLessThan(0.05);
      // Each within 4 of its standard errors (across seeds 1 to 5 their z-scores have SD 0.96 to 1.26).
      fit.items
        .slice(10)
        .forEach((item, i) => expect(Math.abs(item.difficulty! - fresh[i])).toBeLessThan(4 * item.se!));
      expect(fit.items.slice(10).every((item) => item.se! > 0 && item.se! < 0.1)).toBe(true);
      // The persons are on the scale already: their mean Warm estimate is near the sitting's 0.4.
      expect(Math.abs(mean(fit.persons.map((p) => p.ability!)) - 0.4)).toBeLessThan(0.08);
      // Mean/mean linking of the form's free calibration lands within 0.05 of it.
      const free = fitRasch({ items, scores });
      const link = linkToScale(
        anchors.map((b, i) => ({ id: i, bank: b, free: free.items[i].difficulty!, marks: 1, se: free.items[i].se })),
        40,
      );
      const linked = free.items.slice(10).map((item) => item.difficulty! + link.shift);
      expect(Math.abs(mean(linked) - mean(recovered))).toBeLessThan(0.05);
    },
  );

  it('estimates freely an anchor whose categories in these data differ from its own', () => {
    const scores = sit(9, 500, 0, [...anchors, ...fresh]);
    const fit = fitRasch(
      { items, scores },
      {
        anchors: [
          { categories: [0, 1, 2], thresholds: [-1, 1] },
          ...anchors.slice(1).map((b) => ({ categories: [0, 1], thresholds: [b] })),
          ...fresh.map(() => null),
        ],
      },
    );
    expect(fit.items[0].anchored).toBeUndefined();
    expect(fit.items[0].se).toBeGreaterThan(0);
    expect(fit.items[1].anchored).toBe(true);
  });
});
