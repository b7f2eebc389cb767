import { describe, expect, it } from 'vitest';
import { scoreAnswer } from '../../../src/common/questions';
import { copy, CORRECT, DEFINITIONS, issuesOf, WRONG } from './fixtures';

describe('reordering', () => {
  const def = DEFINITIONS.reordering;
  const score = (order: unknown, option = 'partial') => scoreAnswer('reordering', def, { order }, 4, option);

  it('scores the correct order in full under both mark options, a wrong one 0', () => {
    expect(scoreAnswer('reordering', def, CORRECT.reordering, 4, 'all_or_nothing')).toEqual({
      score: 4,
      max: 4,
      needs_manual: false,
    });
    expect(scoreAnswer('reordering', def, CORRECT.reordering, 4, 'partial')).toEqual({
      score: 4,
      max: 4,
      needs_manual: false,
    });
    expect(scoreAnswer('reordering', def, WRONG.reordering, 4, 'partial')).toEqual({
      score: 0,
      max: 4,
      needs_manual: false,
    });
  });

  it('partial: the share of items in their correct position', () => {
    expect(score(['i1', 'i2', 'i4', 'i3']).score).toBe(2);
    expect(score(['i1', 'i3', 'i2', 'i4']).score).toBe(2);
    expect(score(['i4', 'i2', 'i3', 'i1']).score).toBe(2);
    expect(score(['i1', 'i2', 'i4', 'i3'], 'all_or_nothing').score).toBe(0);
  });

  it('treats no order as empty and anything but a permutation as malformed', () => {
    expect(score([])).toMatchObject({ reason: 'empty' });
    expect(scoreAnswer('reordering', def, { order: null }, 4, 'partial')).toMatchObject({ reason: 'empty' });
    for (const order of [
      ['i1', 'i2', 'i3'],
      ['i1', 'i1', 'i2', 'i3'],
      ['i1', 'i2', 'i3', 'i9'],
      ['i1', 'i2', 'i3', 'i4', 'i4'],
      'i1,i2,i3,i4',
      [1, 2, 3, 4],
    ]) {
      expect(score(order)).toMatchObject({ score: 0, reason: 'malformed' });
    }
  });

  it('needs two items with distinct texts and ids', () => {
    expect(issuesOf('reordering', def)).toEqual([]);
    expect(issuesOf('reordering', { items: [def.items[0]] })).toEqual([
      { path: ['items'], message: 'questions.min_two_items' },
    ]);
    const dup = copy(def);
    dup.items[3].text = ' First ';
    expect(issuesOf('reordering', dup)).toEqual([{ path: ['items', 3, 'text'], message: 'questions.duplicate_items' }]);
    const empty = copy(def);
    empty.items[1].text = '';
    expect(issuesOf('reordering', empty)).toEqual([{ path: ['items', 1, 'text'], message: 'questions.incomplete' }]);
  });

  it('accepts other orders: full marks for any of them, partial by the closest (issue 41)', () => {
    // "يقرأ أحمدُ قصةً جميلةً" and "أحمدُ يقرأ قصةً جميلةً": verb first or subject first.
    const both = { ...copy(def), also_accepted: [['i2', 'i1', 'i3', 'i4']] };
    const scored = (order: string[], option = 'partial') => scoreAnswer('reordering', both, { order }, 4, option).score;
    expect(scored(['i1', 'i2', 'i3', 'i4'], 'all_or_nothing')).toBe(4);
    expect(scored(['i2', 'i1', 'i3', 'i4'], 'all_or_nothing')).toBe(4);
    expect(scored(['i2', 'i1', 'i4', 'i3'], 'all_or_nothing')).toBe(0);
    // Two in place by the second order, none by the first: the closer one counts.
    expect(scored(['i2', 'i1', 'i4', 'i3'])).toBe(2);
    // Without the other order the same answer earns nothing.
    expect(scoreAnswer('reordering', def, { order: ['i2', 'i1', 'i4', 'i3'] }, 4, 'partial').score).toBe(0);
  });

  it('refuses an accepted order that is not every item once, or that repeats another', () => {
    expect(issuesOf('reordering', { ...copy(def), also_accepted: [['i2', 'i1', 'i3', 'i4']] })).toEqual([]);
    expect(issuesOf('reordering', { ...copy(def), also_accepted: [['i2', 'i1', 'i3']] })).toEqual([
      { path: ['also_accepted', 0], message: 'questions.order_not_permutation' },
    ]);
    expect(issuesOf('reordering', { ...copy(def), also_accepted: [['i2', 'i2', 'i3', 'i4']] })).toEqual([
      { path: ['also_accepted', 0], message: 'questions.order_not_permutation' },
    ]);
    expect(
      issuesOf('reordering', {
        ...copy(def),
        also_accepted: [
          ['i1', 'i2', 'i3', 'i4'],
          ['i2', 'i1', 'i3', 'i4'],
          ['i2', 'i1', 'i3', 'i4'],
        ],
      }),
    ).toEqual([
      { path: ['also_accepted', 0], message: 'questions.order_repeated' },
      { path: ['also_accepted', 2], message: 'questions.order_repeated' },
    ]);
  });
});

describe('matching', () => {
  const def = DEFINITIONS.matching;
  const score = (matches: unknown, option = 'partial') => scoreAnswer('matching', def, { matches }, 2, option);

  it('scores all pairs matched in full under both mark options, a wrong matching 0', () => {
    expect(scoreAnswer('matching', def, CORRECT.matching, 2, 'all_or_nothing')).toEqual({
      score: 2,
      max: 2,
      needs_manual: false,
    });
    expect(scoreAnswer('matching', def, CORRECT.matching, 2, 'partial')).toEqual({
      score: 2,
      max: 2,
      needs_manual: false,
    });
    expect(scoreAnswer('matching', def, WRONG.matching, 2, 'partial')).toEqual({
      score: 0,
      max: 2,
      needs_manual: false,
    });
  });

  it('partial: the share of pairs matched; unmatched lefts are wrong', () => {
    expect(score({ p1: 'r9', p2: 'r4', p3: 'r1', p4: 'r7' }).score).toBe(1);
    expect(score({ p1: 'r9' }).score).toBe(0.5);
    expect(score({ p1: 'r9', p2: null }).score).toBe(0.5);
    expect(score({ p1: 'r9', p2: 'r9', p3: 'r9', p4: 'r9' }).score).toBe(0.5);
    expect(score({ p1: 'r9', p2: 'r4', p3: 'r7' }, 'all_or_nothing').score).toBe(0);
  });

  it('does not accept the pair id as the right id', () => {
    expect(score({ p1: 'p1', p2: 'p2', p3: 'p3', p4: 'p4' })).toMatchObject({ score: 0, reason: 'malformed' });
  });

  it('treats no matches as empty and unknown ids as malformed', () => {
    expect(score({})).toMatchObject({ reason: 'empty' });
    expect(score({ p1: null })).toMatchObject({ reason: 'empty' });
    for (const matches of [{ p9: 'r9' }, { p1: 'r5' }, { p1: 9 }, [['p1', 'r9']], 'p1=r9']) {
      expect(score(matches)).toMatchObject({ score: 0, reason: 'malformed' });
    }
  });

  it('needs two pairs, unique left texts, unique right texts and unique ids', () => {
    expect(issuesOf('matching', def)).toEqual([]);
    expect(issuesOf('matching', { pairs: [def.pairs[0]] })).toEqual([
      { path: ['pairs'], message: 'questions.min_two_pairs' },
    ]);
    const left = copy(def);
    left.pairs[2].left = 'SUN';
    expect(issuesOf('matching', left)).toEqual([{ path: ['pairs', 2, 'left'], message: 'questions.duplicate_pairs' }]);
    const right = copy(def);
    right.pairs[3].right = '<b>قمر</b>';
    expect(issuesOf('matching', right)).toEqual([
      { path: ['pairs', 3, 'right'], message: 'questions.duplicate_pairs' },
    ]);
    const ids = copy(def);
    ids.pairs[1].right_id = 'p1';
    expect(issuesOf('matching', ids)).toEqual([
      { path: ['pairs', 1, 'right', 'id'], message: 'questions.duplicate_ids' },
    ]);
    const empty = copy(def);
    empty.pairs[0].right = ' ';
    expect(issuesOf('matching', empty)).toEqual([{ path: ['pairs', 0, 'right'], message: 'questions.incomplete' }]);
  });
});
