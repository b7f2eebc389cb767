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
  REVIEW_LIMITS,
} from '../../../src/common/statistics/index';
import {
  alphaInterval,
  correlationInterval,
  fQuantile,
  proportionInterval,
} from '../../../src/common/statistics/confidence';
import { lsat6Scores } from '../../helpers/lsat6';

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
/** `count` copies of every row, in order. */
const times = <T>(count: number, rows: T[]): T[] => Array.from({ length: count }, () => rows).flat();

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
      // Feldt's interval from five students is wide: the figures are unstable.
      alpha_ci: [0.1758, 0.9771],
      sem: 0.7071,
      group_size: 1,
      unstable: true,
    });
    expect(items.map((item) => item.facility)).toEqual([0.8, 0.6, 0.4, 0.2]);
    expect(items.map((item) => item.discrimination_index)).toEqual([1, 1, 1, 1]);
    expect(items[0].item_rest_correlation).toBe(0.5145);
    expect(items[0].mean).toBe(0.8);
    expect(items[0].sd).toBe(0.4472);
    expect(items[0].item_total_correlation).toBe(0.7071);
    expect(items.every((item) => item.flags.length === 0)).toBe(true);
  });

  it('flags an item that the weaker students answer better, and one that everybody answers', () => {
    const scores = [
      [1, 0, 1],
      [1, 0, 1],
      [1, 1, 0],
      [0, 1, 1],
    ];
    // 25 copies of each row (100 attempts, enough to judge by; the correlations do not change).
    const { items } = analyseItems({ items: [1, 2, 3].map((id) => ({ id, max: 1 })), scores: times(25, scores) });
    expect(items[1].item_rest_correlation).toBeLessThan(0);
    expect(items[1].flags).toContain('negative_discrimination');
    const easy = analyseItems({
      items: [1, 2].map((id) => ({ id, max: 1 })),
      scores: times(34, [
        [1, 1],
        [1, 0],
        [1, 1],
      ]),
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
      // Point-biserials against the rest (3, 2, 1, 0, 0). The two lowest tie at 0 and share the lower place.
      {
        id: 'a',
        correct: true,
        count: 2,
        share: 0.4,
        upper_share: 1,
        lower_share: 0,
        point_biserial: 0.9102,
        flags: [],
      },
      {
        id: 'b',
        correct: false,
        count: 1,
        share: 0.2,
        upper_share: 0,
        lower_share: 0,
        point_biserial: -0.0857,
        flags: [],
      },
      {
        id: 'c',
        correct: false,
        count: 1,
        share: 0.2,
        upper_share: 0,
        lower_share: 0.5,
        point_biserial: -0.5145,
        flags: [],
      },
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

describe('distractors', () => {
  it('flags a wrong option nobody picks and one the strong students pick, once there are enough attempts', () => {
    const options = ['a', 'b', 'c', 'd'].map((id) => ({ id, correct: id === 'a' }));
    // Strong students (total 3) pick a or b, weak ones (total 0 or 1) pick c; nobody picks d.
    const rows = [
      { scores: [1, 1, 1], choice: ['a'] },
      { scores: [0, 1, 1], choice: ['b'] },
      { scores: [1, 0, 0], choice: ['a'] },
      { scores: [0, 0, 0], choice: ['c'] },
      { scores: [0, 1, 0], choice: null },
    ];
    const many = times(20, rows);
    const { items } = analyseItems({
      items: [{ id: 1, max: 1, options }, ...[2, 3].map((id) => ({ id, max: 1 }))],
      scores: many.map((row) => row.scores),
      choices: new Map([[0, many.map((row) => row.choice)]]),
    });
    const flags = Object.fromEntries(items[0].options!.map((option) => [option.id, option.flags]));
    expect(flags).toEqual({ a: [], b: ['attracts_strong'], c: [], d: ['unused'] });
    expect(items[0].options!.find((o) => o.id === 'b')!.point_biserial).toBeGreaterThan(0);
    expect(items[0].options!.find((o) => o.id === 'd')!.point_biserial).toBeNull();
    expect(items[0].omitted_share).toBe(0.2);
    // The same answers from 5 students only: figures, no flags.
    const few = analyseItems({
      items: [{ id: 1, max: 1, options }, ...[2, 3].map((id) => ({ id, max: 1 }))],
      scores: rows.map((row) => row.scores),
      choices: new Map([[0, rows.map((row) => row.choice)]]),
    });
    expect(few.items[0].options!.every((option) => option.flags.length === 0)).toBe(true);
  });
});

describe('small groups', () => {
  it(`below ${REVIEW_LIMITS.minAttempts} attempts gives intervals and calls the analysis unstable instead of flagging`, () => {
    const rows = [
      [1, 0, 1],
      [1, 0, 1],
      [1, 1, 0],
      [0, 1, 1],
      [1, 1, 1],
    ];
    const items = [1, 2, 3].map((id) => ({ id, max: 1 }));
    const small = analyseItems({ items, scores: times(19, rows) });
    expect(small.exam).toMatchObject({ attempts: 95, unstable: true });
    expect(small.items[1].flags).toEqual([]);
    expect(small.items[1].item_rest_correlation).toBeLessThan(0);
    const [low, high] = small.items[1].item_rest_ci!;
    expect(low).toBeLessThan(small.items[1].item_rest_correlation!);
    expect(high).toBeGreaterThan(small.items[1].item_rest_correlation!);
    const enough = analyseItems({ items, scores: times(20, rows) });
    expect(enough.exam.unstable).toBe(false);
    expect(enough.items[1].flags).toContain('negative_discrimination');
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

describe('the LSAT section VI data (Bock & Lieberman 1970)', () => {
  const { exam, items } = analyseItems({ items: [1, 2, 3, 4, 5].map((id) => ({ id, max: 1 })), scores: lsat6Scores() });

  it("gives the published alpha, facilities and item-total correlations (R ltm's cronbach.alpha and descript)", () => {
    expect(exam.attempts).toBe(1000);
    expect(exam.alpha).toBeCloseTo(0.295, 3);
    expect(items.map((item) => item.facility)).toEqual([0.924, 0.709, 0.553, 0.763, 0.87]);
    // The point-biserial correlation with the total score, item included.
    expect(items.map((item) => item.item_total_correlation)).toEqual([0.362, 0.5668, 0.6184, 0.5344, 0.4354]);
    expect(items.map((item) => item.item_rest_correlation)).toEqual([0.1128, 0.1532, 0.1728, 0.1444, 0.1216]);
  });

  it('gives each item the alpha of the other four', () => {
    const scores = lsat6Scores();
    items.forEach((item, index) => {
      const without = analyseItems({
        items: [1, 2, 3, 4].map((id) => ({ id, max: 1 })),
        scores: scores.map((row) => row.filter((_, k) => k !== index)),
      });
      expect(item.alpha_if_deleted).toBe(without.exam.alpha);
    });
    expect(items.map((item) => item.alpha_if_deleted)).toEqual([0.2754, 0.2376, 0.2168, 0.2459, 0.2663]);
  });

  it('flags every item under the 0.20 item-rest line, and the easiest as too easy', () => {
    expect(items.map((item) => item.flags)).toEqual([
      ['too_easy', 'weak_discrimination'],
      ['weak_discrimination'],
      ['weak_discrimination'],
      ['weak_discrimination'],
      ['weak_discrimination'],
    ]);
    expect(exam.unstable).toBe(false);
  });
});
