import { describe, expect, it } from 'vitest';
import {
  analyseItems,
  correlation,
  cronbachAlpha,
  extremeGroups,
  median,
  reviewFlags,
  standardErrorOfMeasurement,
  variance,
} from '../../../src/common/statistics/index';
import {
  alphaInterval,
  correlationInterval,
  fQuantile,
  proportionInterval,
} from '../../../src/common/statistics/confidence';

/**
 * The figures of "the hand-computed example" (five students, four items in a Guttman pattern) are
 * worked out beside GUTTMAN in item-analysis-examples.test.ts.
 */

describe('descriptive statistics', () => {
  it('computes sample variance, median and correlation', () => {
    expect(variance([1, 1, 1, 1, 0])).toBeCloseTo(0.2, 10);
    expect(variance([4, 3, 2, 1, 0])).toBeCloseTo(2.5, 10);
    expect(variance([7])).toBe(0);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBe(0);
    expect(correlation([1, 1, 1, 1, 0], [3, 2, 1, 0, 0])).toBeCloseTo(1.2 / Math.sqrt(5.44), 10);
    expect(correlation([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 10);
    expect(correlation([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 10);
    // A series that does not vary has no correlation.
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(correlation([1], [1])).toBeNull();
  });
});

describe('reliability', () => {
  it('matches the hand-computed example', () => {
    expect(cronbachAlpha([0.2, 0.3, 0.3, 0.2], 2.5)).toBeCloseTo(0.8, 10);
    expect(standardErrorOfMeasurement(Math.sqrt(2.5), 0.8)).toBeCloseTo(0.7071, 4);
  });

  it('matches the published example of StatsBase.jl (`cronbachalpha` docstring: 0.8136, item 1 dropped 0.7500)', () => {
    // Covariance matrix [10 6 6 6; 6 11 6 6; 6 6 12 6; 6 6 6 13]: the totals' variance is the sum of all entries.
    expect(cronbachAlpha([10, 11, 12, 13], 46 + 12 * 6)).toBeCloseTo(0.8136, 4);
    expect(cronbachAlpha([11, 12, 13], 36 + 6 * 6)).toBeCloseTo(0.75, 4);
  });

  it('has no alpha for one item or for totals that do not vary', () => {
    expect(cronbachAlpha([0.2], 0.2)).toBeNull();
    expect(cronbachAlpha([0, 0], 0)).toBeNull();
    expect(standardErrorOfMeasurement(3, null)).toBeNull();
  });
});

describe('upper and lower groups', () => {
  const members = (weights: Float64Array) => [...weights].flatMap((w, i) => (w > 0 ? [[i, w]] : []));

  it('takes 27% of the attempts (at least one, at most half) by total', () => {
    const five = extremeGroups([4, 3, 2, 1, 0]);
    expect([five.size, members(five.upper), members(five.lower)]).toEqual([1, [[0, 1]], [[4, 1]]]);
    const hundred = extremeGroups(Array.from({ length: 100 }, (_, i) => i));
    expect(hundred.size).toBe(27);
    expect(members(hundred.upper).map(([i]) => i)).toEqual(Array.from({ length: 27 }, (_, k) => 73 + k));
    expect(members(hundred.lower).map(([i]) => i)).toEqual(Array.from({ length: 27 }, (_, k) => k));
    expect(members(extremeGroups([2, 1]).upper)).toEqual([[0, 1]]);
    expect(extremeGroups([5]).size).toBe(0);
  });

  it('shares the places left at a boundary pro rata among the attempts tied there', () => {
    // Ten attempts, groups of round(2.7) = 3. Upper: 9 is in; 8, 8, 8, 8 share the 2 places left (0.5 each).
    const totals = [9, 8, 8, 8, 8, 5, 3, 2, 2, 1];
    const groups = extremeGroups(totals);
    expect(members(groups.upper)).toEqual([
      [0, 1],
      [1, 0.5],
      [2, 0.5],
      [3, 0.5],
      [4, 0.5],
    ]);
    // Lower: 1 is in; 2 and 2 take the 2 places left whole.
    expect(members(groups.lower)).toEqual([
      [7, 1],
      [8, 1],
      [9, 1],
    ]);
  });

  it('ties totals made of different marks (1.1 + 2.2 and 3.3 + 0 are one total)', () => {
    // In floating point 1.1 + 2.2 is 3.3000000000000003: without rounding the first would be alone on top.
    const { exam, items } = analyseItems({
      items: [
        { id: 1, max: 4 },
        { id: 2, max: 4 },
      ],
      scores: [
        [1.1, 2.2],
        [3.3, 0],
        [0, 0],
        [0, 1],
      ],
    });
    expect(exam.highest).toBe(3.3);
    // Groups of one: the two totals of 3.3 share the upper place (0.5 each): item 1's upper mean is 2.2.
    expect(items[0].discrimination_index).toBe(0.55);
  });

  it('gives one discrimination index for the same answers in any order (the old rule gave 0.13 to 0.23)', () => {
    // 30 attempts on two items; item 1 splits the tied block at the upper boundary in half.
    const rows: number[][] = [];
    for (let i = 0; i < 5; i++) rows.push([1, 2]); // total 3
    for (let i = 0; i < 10; i++) rows.push([i % 2, 2 - (i % 2)]); // total 2, item 1 right for half of them
    for (let i = 0; i < 15; i++) rows.push([0, i < 5 ? 1 : 0]);
    const items = [
      { id: 1, max: 1 },
      { id: 2, max: 2 },
    ];
    // Upper group: 8 places; 5 whole at total 3, 3 shared by the 10 at total 2 (0.3 each); upper mean of item 1:
    // (5 × 1 + 0.3 × 5 × 1) / 8 = 0.8125. Lower: 8 of the 10 at total 0 (0.8 each), item 1 never right: 0. D = 0.8125.
    const ordered = analyseItems({ items, scores: rows });
    expect(ordered.items[0].discrimination_index).toBe(0.8125);
    const indices = rows.map((_, i) => i);
    for (let seed = 1; seed <= 20; seed++) {
      const shuffled = [...indices].sort(
        (a, b) => ((a * 7919 + seed * 104729) % 97) - ((b * 7919 + seed * 104729) % 97),
      );
      const again = analyseItems({ items, scores: shuffled.map((i) => rows[i]) });
      expect(again.items.map((item) => item.discrimination_index)).toEqual(
        ordered.items.map((item) => item.discrimination_index),
      );
    }
  });
});

describe('review flags', () => {
  it('flags facility below 0.2 or above 0.9 and negative or under-0.20 discrimination', () => {
    expect(reviewFlags(0.19, 0.4)).toEqual(['too_hard']);
    expect(reviewFlags(0.2, 0.4)).toEqual([]);
    expect(reviewFlags(0.9, 0.4)).toEqual([]);
    expect(reviewFlags(0.91, 0.4)).toEqual(['too_easy']);
    expect(reviewFlags(0.5, -0.01)).toEqual(['negative_discrimination']);
    expect(reviewFlags(0.5, 0.05)).toEqual(['weak_discrimination']);
    // Under 0.20, not only under 0.10 (REVIEW_LIMITS.weakBelow).
    expect(reviewFlags(0.5, 0.19)).toEqual(['weak_discrimination']);
    expect(reviewFlags(0.5, 0.2)).toEqual([]);
    expect(reviewFlags(null, null)).toEqual([]);
  });
});

describe('confidence intervals', () => {
  it('match the tables', () => {
    // F tables (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.3): F(.975; 4, 16) = 3.729, F(.95; 10, 20) = 2.348, F(.99; 5, 30) = 3.699.
    expect(fQuantile(0.975, 4, 16)).toBeCloseTo(3.7294, 3);
    expect(fQuantile(0.95, 10, 20)).toBeCloseTo(2.3479, 3);
    expect(fQuantile(0.99, 5, 30)).toBeCloseTo(3.699, 3);
    // Wilson's interval of 2 in 10 (Newcombe 1998, method 3): 0.0567 to 0.5098.
    const [low, high] = proportionInterval(0.2, 10)!;
    expect([low, high].map((v) => Number(v.toFixed(4)))).toEqual([0.0567, 0.5098]);
    // Fisher's z: r = 0.3 over 30 pairs: tanh(atanh(0.3) ± 1.96 / √27) = -0.0676 to 0.5959.
    expect(correlationInterval(0.3, 30)!.map((v) => Number(v.toFixed(4)))).toEqual([-0.0676, 0.5959]);
    // Feldt: alpha 0.8, 5 persons, 4 items: 1 − 0.2 × F(.975; 4, 16) and 1 − 0.2 / F(.975; 16, 4).
    expect(alphaInterval(0.8, 5, 4)!.map((v) => Number(v.toFixed(4)))).toEqual([0.1758, 0.9771]);
    expect(correlationInterval(null, 30)).toBeNull();
    expect(proportionInterval(0.5, 0)).toBeNull();
  });
});
