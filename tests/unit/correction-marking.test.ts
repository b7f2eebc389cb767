import { describe, expect, it } from 'vitest';
import {
  attemptResult,
  itemOutcome,
  markingItems,
  type MarkingItem,
  type SheetMark,
} from '../../src/common/correction/index';

const item = (overrides: Partial<MarkingItem> = {}): MarkingItem => ({
  question_id: 1,
  part: '',
  kind: 'essay',
  max: 4,
  manual: true,
  auto: 0,
  skill_id: 7,
  ...overrides,
});
const mark = (slot: 1 | 2 | 3, value: number | null, extra: Partial<SheetMark> = {}): SheetMark => ({
  slot,
  question_id: 1,
  part: '',
  mark: value,
  comment: null,
  reason: null,
  at: 0,
  ...extra,
});
const single = { double: false, thresholdPercent: 20 };
const double = { double: true, thresholdPercent: 25 };

describe('itemOutcome', () => {
  it('single marking: the marker’s mark is final', () => {
    expect(itemOutcome(item(), [], single)).toEqual({
      final: null,
      started: false,
      needs_deciding: false,
      disputed: false,
    });
    expect(itemOutcome(item(), [mark(1, 2.5)], single)).toMatchObject({ final: 2.5, started: true });
  });

  it('double marking: one mark is not final; close marks average; distant ones wait for the deciding mark', () => {
    expect(itemOutcome(item(), [mark(2, 3)], double)).toMatchObject({
      final: null,
      started: true,
      needs_deciding: false,
    });
    // Threshold 25% of 4 = 1: a difference of exactly 1 is settled by the average.
    expect(itemOutcome(item(), [mark(1, 2), mark(2, 3)], double)).toMatchObject({ final: 2.5, disputed: false });
    expect(itemOutcome(item(), [mark(1, 2), mark(2, 3.01)], double)).toMatchObject({
      final: null,
      needs_deciding: true,
      disputed: true,
    });
    expect(itemOutcome(item(), [mark(1, 2), mark(2, 3.01), mark(3, 3)], double)).toMatchObject({
      final: 3,
      needs_deciding: false,
      disputed: true,
    });
  });

  it('automatic items keep their score unless overridden with a reason; the latest override counts', () => {
    const auto = item({ manual: false, auto: 3, kind: 'true_false' });
    expect(itemOutcome(auto, [], single).final).toBe(3);
    expect(itemOutcome(auto, [mark(1, 0)], single).final).toBe(3);
    expect(itemOutcome(auto, [mark(1, 0, { reason: 'copied' })], single).final).toBe(0);
    expect(
      itemOutcome(auto, [mark(1, 0, { reason: 'a', at: 1 }), mark(2, 4, { reason: 'b', at: 2 })], double).final,
    ).toBe(4);
  });
});

describe('attemptResult', () => {
  it('totals the final marks, scales to the exam’s maximum mark, and splits by skill', () => {
    const items = [
      item({ question_id: 1 }),
      item({ question_id: 2, manual: false, auto: 3, max: 3, skill_id: 8 }),
      item({ question_id: 3, part: 'k1', max: 3 }),
    ];
    const partial = attemptResult(items, [mark(1, 4)], single, { max_mark: 100, pass_mark: 50 });
    expect(partial).toMatchObject({ marking_total: 2, marking_final: 1, complete: false, marking_started: true });
    const done = attemptResult(items, [mark(1, 4), mark(1, 1, { question_id: 3, part: 'k1' })], single, {
      max_mark: 50,
      pass_mark: 30,
    });
    // 4 + 3 + 1 = 8 of 10, on a 50-mark scale: 40, pass mark 30.
    expect(done).toMatchObject({ score: 8, max: 10, mark: 40, passed: true, complete: true });
    expect(done.skills).toEqual({ '7': { score: 5, max: 7 }, '8': { score: 3, max: 3 } });
    expect(attemptResult([], [], single, { max_mark: 100, pass_mark: 50 })).toMatchObject({ complete: true, mark: 0 });
  });
});

describe('markingItems', () => {
  it('splits a paragraph into its related questions; only answered essays and recordings need a human', () => {
    const paragraph = {
      id: 5,
      answer_type: 'paragraph',
      mark: 5,
      mark_option: 'all_or_nothing',
      skill_id: 1,
      answer_key: {
        passage: '<p>P</p>',
        children: [
          {
            id: 'w',
            kind: 'essay',
            text: '<p>W</p>',
            mark: 3,
            mark_option: 'all_or_nothing',
            definition: { max_words: 9 },
          },
          {
            id: 't',
            kind: 'true_false',
            text: '<p>T</p>',
            mark: 2,
            mark_option: 'all_or_nothing',
            definition: { correct: true },
          },
        ],
      },
    };
    expect(markingItems(paragraph, { children: { w: { text: 'an answer' }, t: { value: true } } })).toEqual([
      { question_id: 5, skill_id: 1, part: 'w', kind: 'essay', max: 3, manual: true, auto: 0 },
      { question_id: 5, skill_id: 1, part: 't', kind: 'true_false', max: 2, manual: false, auto: 2 },
    ]);
    const essay = {
      id: 6,
      answer_type: 'essay',
      mark: 4,
      mark_option: 'all_or_nothing',
      skill_id: 1,
      answer_key: { max_words: 9 },
    };
    expect(markingItems(essay, null)).toEqual([
      { question_id: 6, skill_id: 1, part: '', kind: 'essay', max: 4, manual: false, auto: 0 },
    ]);
  });
});
