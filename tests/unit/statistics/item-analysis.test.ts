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

/**
 * A worked example computed by hand: five students, four items scored 0 or 1 in a perfect
 * Guttman pattern (totals 4, 3, 2, 1, 0).
 * Item variances (n - 1): 0.2, 0.3, 0.3, 0.2 (sum 1.0); totals' variance 10 / 4 = 2.5.
 * alpha = 4/3 × (1 − 1.0 / 2.5) = 0.8; SEM = √2.5 × √0.2 = 0.7071.
 * Item 1 against the rest (3, 2, 1, 0, 0): Sxy = 1.2, Sxx = 0.8, Syy = 6.8, r = 1.2 / √5.44 = 0.5145.
 * Groups of round(0.27 × 5) = 1: the upper is student 1 (all right), the lower student 5 (all wrong): D = 1.
 */
const GUTTMAN = [
  [1, 1, 1, 1],
  [1, 1, 1, 0],
  [1, 1, 0, 0],
  [1, 0, 0, 0],
  [0, 0, 0, 0],
];
const ITEMS = [1, 2, 3, 4].map((id) => ({ id, max: 1 }));

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
  it('takes 27% of the attempts (at least one, at most half) by total', () => {
    expect(extremeGroups([4, 3, 2, 1, 0])).toEqual({ upper: [0], lower: [4], size: 1 });
    const hundred = Array.from({ length: 100 }, (_, i) => i);
    const groups = extremeGroups(hundred);
    expect(groups.size).toBe(27);
    expect(groups.upper[0]).toBe(99);
    expect(groups.lower).toContain(0);
    expect(extremeGroups([2, 1])).toEqual({ upper: [0], lower: [1], size: 1 });
    expect(extremeGroups([5]).size).toBe(0);
  });
});

describe('review flags', () => {
  it('flags facility below 0.2 or above 0.9 and negative or near-zero discrimination', () => {
    expect(reviewFlags(0.19, 0.4)).toEqual(['too_hard']);
    expect(reviewFlags(0.2, 0.4)).toEqual([]);
    expect(reviewFlags(0.9, 0.4)).toEqual([]);
    expect(reviewFlags(0.91, 0.4)).toEqual(['too_easy']);
    expect(reviewFlags(0.5, -0.01)).toEqual(['negative_discrimination']);
    expect(reviewFlags(0.5, 0.05)).toEqual(['weak_discrimination']);
    expect(reviewFlags(0.5, 0.1)).toEqual([]);
    expect(reviewFlags(null, null)).toEqual([]);
  });
});

describe('analyseItems', () => {
  it('gives every figure of the hand-computed example', () => {
    const { exam, items } = analyseItems({ items: ITEMS, scores: GUTTMAN });
    expect(exam).toEqual({
      attempts: 5,
      items: 4,
      max: 4,
      mean: 2,
      median: 2,
      sd: 1.5811,
      min: 0,
      highest: 4,
      alpha: 0.8,
      sem: 0.7071,
      group_size: 1,
    });
    expect(items.map((item) => item.facility)).toEqual([0.8, 0.6, 0.4, 0.2]);
    expect(items.map((item) => item.discrimination_index)).toEqual([1, 1, 1, 1]);
    expect(items[0].item_rest_correlation).toBe(0.5145);
    expect(items[0].mean).toBe(0.8);
    expect(items[0].sd).toBe(0.4472);
    expect(items.every((item) => item.flags.length === 0)).toBe(true);
  });

  it('flags an item that the weaker students answer better, and one that everybody answers', () => {
    const scores = [
      [1, 0, 1],
      [1, 0, 1],
      [1, 1, 0],
      [0, 1, 1],
    ];
    const { items } = analyseItems({ items: [1, 2, 3].map((id) => ({ id, max: 1 })), scores: scores });
    expect(items[1].item_rest_correlation).toBeLessThan(0);
    expect(items[1].flags).toContain('negative_discrimination');
    const easy = analyseItems({
      items: [1, 2].map((id) => ({ id, max: 1 })),
      scores: [
        [1, 1],
        [1, 0],
        [1, 1],
      ],
    });
    // Everybody right: facility 1, no correlation (the item does not vary): too easy, and it tells nobody apart.
    expect(easy.items[0]).toMatchObject({
      facility: 1,
      item_rest_correlation: null,
      discrimination_index: 0,
      flags: ['too_easy', 'weak_discrimination'],
    });
  });

  it('scores partial marks against the item maximum', () => {
    const { items, exam } = analyseItems({
      items: [
        { id: 1, max: 4 },
        { id: 2, max: 2 },
      ],
      scores: [
        [4, 2],
        [2, 1],
        [0, 0],
      ],
    });
    expect(items[0].facility).toBe(0.5);
    expect(items[1].facility).toBe(0.5);
    expect(exam.max).toBe(6);
    expect(exam.mean).toBe(3);
  });

  it('counts who chose each option, overall and in the upper and lower groups', () => {
    const options = [
      { id: 'a', correct: true },
      { id: 'b', correct: false },
      { id: 'c', correct: false },
    ];
    const choices = new Map([[0, [['a'], ['a'], ['b'], null, ['c']]]]);
    const { items } = analyseItems({
      items: [{ id: 7, max: 1, options }, ...ITEMS.slice(1)],
      scores: GUTTMAN.map((row, index) => [index < 2 ? 1 : 0, ...row.slice(1)]),
      choices,
    });
    expect(items[0].options).toEqual([
      { id: 'a', correct: true, count: 2, share: 0.4, upper_share: 1, lower_share: 0 },
      { id: 'b', correct: false, count: 1, share: 0.2, upper_share: 0, lower_share: 0 },
      { id: 'c', correct: false, count: 1, share: 0.2, upper_share: 0, lower_share: 1 },
    ]);
    expect(items[0].omitted_share).toBe(0.2);
    expect(items[1].options).toBeUndefined();
  });

  it('answers an exam without attempts with empty figures', () => {
    const { exam, items } = analyseItems({ items: ITEMS, scores: [] });
    expect(exam).toMatchObject({ attempts: 0, mean: 0, alpha: null, sem: null, min: 0, highest: 0 });
    expect(items[0]).toMatchObject({ facility: null, discrimination_index: null, item_rest_correlation: null });
  });
});
