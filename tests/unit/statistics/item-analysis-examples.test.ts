import { describe, expect, it } from 'vitest';
import { analyseItems, REVIEW_LIMITS } from '../../../src/common/statistics/index';
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
