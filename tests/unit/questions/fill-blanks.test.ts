import { describe, expect, it } from 'vitest';
import { scoreAnswer } from '../../../src/common/questions';
import { copy, CORRECT, DEFINITIONS, issuesOf, WRONG } from './fixtures';

const def = DEFINITIONS.fill_blanks;
const score = (answer: unknown, option: string) => scoreAnswer('fill_blanks', def, answer, 4, option);

describe('fill in the blanks: scoring', () => {
  it('accepts answers that differ only by case, spaces, Arabic variants, diacritics and digits', () => {
    expect(score(CORRECT.fill_blanks, 'all_or_nothing')).toEqual({ score: 4, max: 4, needs_manual: false });
    expect(score(CORRECT.fill_blanks, 'partial')).toEqual({ score: 4, max: 4, needs_manual: false });
  });

  it('partial: the share of right blanks; all or nothing: every blank', () => {
    const half = { blanks: { b1: 'CAIRO', b2: 'أحمد', b3: 'blue' } };
    expect(score(half, 'partial')).toEqual({ score: 2, max: 4, needs_manual: false });
    expect(score(half, 'all_or_nothing')).toEqual({ score: 0, max: 4, needs_manual: false });
    expect(score({ blanks: { b4: '۱۲' } }, 'partial').score).toBe(1);
  });

  it('scores a wrong answer 0', () => {
    expect(score(WRONG.fill_blanks, 'partial')).toEqual({ score: 0, max: 4, needs_manual: false });
  });

  it('treats missing, blank and whitespace-only blanks as empty', () => {
    for (const answer of [null, {}, { blanks: {} }, { blanks: { b1: '  ', b2: '' } }, { blanks: { b1: null } }]) {
      expect(score(answer, 'partial')).toMatchObject({ score: 0, reason: 'empty' });
    }
  });

  it('refuses unknown blank ids, non-strings and huge strings as malformed', () => {
    for (const blanks of [{ b9: 'Cairo' }, { b1: 42 }, { b1: ['Cairo'] }, { b1: 'x'.repeat(501) }, ['Cairo']]) {
      expect(score({ blanks }, 'partial')).toMatchObject({ score: 0, reason: 'malformed' });
    }
  });
});

describe('fill in the blanks: definition', () => {
  it('accepts the fixture', () => {
    expect(issuesOf('fill_blanks', def)).toEqual([]);
  });

  it('needs at least one blank', () => {
    expect(issuesOf('fill_blanks', { blanks: [] })).toEqual([
      { path: ['blanks'], message: 'questions.blank_required' },
    ]);
    expect(issuesOf('fill_blanks', {})).toEqual([{ path: ['blanks'], message: 'questions.incomplete' }]);
  });

  it('needs a correct answer for every blank', () => {
    const bad = copy(def) as { blanks: Record<string, unknown>[] };
    bad.blanks[0].answer = '   ';
    delete bad.blanks[1].answer;
    bad.blanks[3].answer = '\u064E\u0640';
    expect(issuesOf('fill_blanks', bad)).toEqual([
      { path: ['blanks', 0, 'answer'], message: 'questions.blank_answer_required' },
      { path: ['blanks', 1, 'answer'], message: 'questions.blank_answer_required' },
      { path: ['blanks', 3, 'answer'], message: 'questions.blank_answer_required' },
    ]);
  });

  it('needs two distinct options when options are given, the answer among them', () => {
    const one = copy(def);
    one.blanks[2].options = ['red'];
    expect(issuesOf('fill_blanks', one)).toEqual([
      { path: ['blanks', 2, 'options'], message: 'questions.min_two_options' },
    ]);
    const dup = copy(def);
    dup.blanks[2].options = ['red', 'blue', ' RED '];
    expect(issuesOf('fill_blanks', dup)).toEqual([
      { path: ['blanks', 2, 'options', 2], message: 'questions.duplicate_options' },
    ]);
    const arabic = copy(def);
    arabic.blanks[1].options = ['أحمد', 'احمد'];
    expect(issuesOf('fill_blanks', arabic)).toContainEqual({
      path: ['blanks', 1, 'options', 1],
      message: 'questions.duplicate_options',
    });
    const missing = copy(def);
    missing.blanks[2].options = ['green', 'blue'];
    expect(issuesOf('fill_blanks', missing)).toEqual([
      { path: ['blanks', 2, 'answer'], message: 'questions.blank_answer_not_in_options' },
    ]);
    const empty = copy(def);
    empty.blanks[2].options = ['red', ''];
    expect(issuesOf('fill_blanks', empty)).toEqual([
      { path: ['blanks', 2, 'options', 1], message: 'questions.incomplete' },
    ]);
  });

  it('refuses repeated blank ids', () => {
    const dup = copy(def);
    dup.blanks[1].id = 'b1';
    expect(issuesOf('fill_blanks', dup)).toEqual([{ path: ['blanks', 1, 'id'], message: 'questions.duplicate_ids' }]);
  });
});
