import { describe, expect, it } from 'vitest';
import { scoreAnswer } from '../../../src/common/questions';
import { copy, CORRECT, DEFINITIONS, issuesOf, WRONG } from './fixtures';

const single = DEFINITIONS.single_choice;
const multiple = DEFINITIONS.multiple_choice;

describe('single choice', () => {
  it('scores the correct option, nothing for another, under both mark options', () => {
    for (const option of ['all_or_nothing', 'partial']) {
      expect(scoreAnswer('single_choice', single, CORRECT.single_choice, 2, option)).toEqual({
        score: 2,
        max: 2,
        needs_manual: false,
      });
      expect(scoreAnswer('single_choice', single, WRONG.single_choice, 2, option)).toEqual({
        score: 0,
        max: 2,
        needs_manual: false,
      });
    }
  });

  it('treats a missing or blank choice as empty', () => {
    for (const answer of [null, undefined, {}, { option_id: '' }, { option_id: null }]) {
      expect(scoreAnswer('single_choice', single, answer, 2, 'partial')).toMatchObject({ score: 0, reason: 'empty' });
    }
  });

  it('refuses an unknown option id as malformed', () => {
    expect(scoreAnswer('single_choice', single, { option_id: 'o9' }, 2, 'partial')).toMatchObject({
      score: 0,
      reason: 'malformed',
    });
    expect(scoreAnswer('single_choice', single, { option_id: 'o1', extra: true }, 2, 'partial')).toMatchObject({
      score: 0,
      reason: 'malformed',
    });
  });

  it('needs at least two options and exactly one correct', () => {
    expect(issuesOf('single_choice', single)).toEqual([]);
    expect(issuesOf('single_choice', { options: [single.options[0]] })).toContainEqual({
      path: ['options'],
      message: 'questions.min_two_options',
    });
    expect(issuesOf('single_choice', { options: [] })).toEqual([
      { path: ['options'], message: 'questions.min_two_options' },
    ]);
    expect(issuesOf('single_choice', {})).toEqual([{ path: ['options'], message: 'questions.incomplete' }]);
    const none = copy(single);
    none.options[0].correct = false;
    expect(issuesOf('single_choice', none)).toEqual([{ path: ['options'], message: 'questions.exactly_one_correct' }]);
    const two = copy(single);
    two.options[1].correct = true;
    expect(issuesOf('single_choice', two)).toEqual([{ path: ['options'], message: 'questions.exactly_one_correct' }]);
  });

  it('refuses duplicate option texts compared as plain, case-folded text', () => {
    const dup = copy(single);
    dup.options[2].text = '<p>  <b>CAIRO</b>&nbsp;</p>';
    expect(issuesOf('single_choice', dup)).toEqual([
      { path: ['options', 2, 'text'], message: 'questions.duplicate_options' },
    ]);
  });

  it('refuses an empty option text, a bad or repeated id, an unknown key and an over-long text', () => {
    const bad = copy(single) as { options: Record<string, unknown>[] };
    bad.options[0].text = '<p><br></p>';
    bad.options[1].id = 'o 2';
    bad.options[2].id = 'o1';
    bad.options[2].hint = 'x';
    expect(issuesOf('single_choice', bad)).toEqual(
      expect.arrayContaining([
        { path: ['options', 0, 'text'], message: 'questions.incomplete' },
        { path: ['options', 1, 'id'], message: 'questions.invalid_id' },
        { path: ['options', 2, 'hint'], message: 'validation.unknown_field' },
      ]),
    );
    const ids = copy(single);
    ids.options[2].id = 'o1';
    expect(issuesOf('single_choice', ids)).toEqual([
      { path: ['options', 2, 'id'], message: 'questions.duplicate_ids' },
    ]);
    const long = copy(single);
    long.options[1].text = 'x'.repeat(5001);
    expect(issuesOf('single_choice', long)).toEqual([
      { path: ['options', 1, 'text'], message: 'questions.text_too_long' },
    ]);
    const proto = copy(single);
    proto.options[1].id = '__proto__';
    expect(issuesOf('single_choice', proto)).toEqual([{ path: ['options', 1, 'id'], message: 'questions.invalid_id' }]);
  });
});

describe('multiple choice', () => {
  it('gives the full mark for exactly the correct set, in any order', () => {
    expect(scoreAnswer('multiple_choice', multiple, CORRECT.multiple_choice, 3, 'all_or_nothing')).toEqual({
      score: 3,
      max: 3,
      needs_manual: false,
    });
    expect(scoreAnswer('multiple_choice', multiple, CORRECT.multiple_choice, 3, 'partial')).toEqual({
      score: 3,
      max: 3,
      needs_manual: false,
    });
  });

  it('all or nothing: a subset or a superset earns nothing', () => {
    expect(scoreAnswer('multiple_choice', multiple, { option_ids: ['o1', 'o2'] }, 3, 'all_or_nothing').score).toBe(0);
    expect(
      scoreAnswer('multiple_choice', multiple, { option_ids: ['o1', 'o2', 'o3', 'o4'] }, 3, 'all_or_nothing').score,
    ).toBe(0);
  });

  it('partial: mark × max(0, right − wrong) / correct count, rounded to 2 decimals', () => {
    const score = (ids: string[]) => scoreAnswer('multiple_choice', multiple, { option_ids: ids }, 2, 'partial').score;
    expect(score(['o1'])).toBe(0.67);
    expect(score(['o1', 'o2'])).toBe(1.33);
    expect(score(['o1', 'o2', 'o3'])).toBe(0.67);
    expect(score(['o1', 'o3'])).toBe(0);
    expect(score(['o1', 'o2', 'o3', 'o4'])).toBe(1.33);
    expect(score(['o3'])).toBe(0);
  });

  it('treats no choice as empty and refuses unknown or repeated ids', () => {
    expect(scoreAnswer('multiple_choice', multiple, { option_ids: [] }, 2, 'partial')).toMatchObject({
      reason: 'empty',
    });
    expect(scoreAnswer('multiple_choice', multiple, { option_ids: ['o1', 'o9'] }, 2, 'partial')).toMatchObject({
      score: 0,
      reason: 'malformed',
    });
    expect(scoreAnswer('multiple_choice', multiple, { option_ids: ['o1', 'o1'] }, 2, 'partial')).toMatchObject({
      score: 0,
      reason: 'malformed',
    });
    expect(scoreAnswer('multiple_choice', multiple, { option_ids: 'o1' }, 2, 'partial')).toMatchObject({
      score: 0,
      reason: 'malformed',
    });
  });

  it('needs two options and at least one correct, without duplicates', () => {
    expect(issuesOf('multiple_choice', multiple)).toEqual([]);
    expect(issuesOf('multiple_choice', { options: [multiple.options[0]] })).toEqual([
      { path: ['options'], message: 'questions.min_two_options' },
    ]);
    const none = copy(multiple);
    none.options.forEach((o) => (o.correct = false));
    expect(issuesOf('multiple_choice', none)).toEqual([
      { path: ['options'], message: 'questions.at_least_one_correct' },
    ]);
    const dup = copy(multiple);
    dup.options[3].text = 'two';
    expect(issuesOf('multiple_choice', dup)).toEqual([
      { path: ['options', 3, 'text'], message: 'questions.duplicate_options' },
    ]);
    const notBoolean = copy(multiple) as { options: Record<string, unknown>[] };
    notBoolean.options[0].correct = 'yes';
    expect(issuesOf('multiple_choice', notBoolean)).toEqual([
      { path: ['options', 0, 'correct'], message: 'questions.incomplete' },
    ]);
  });
});

describe('true/false', () => {
  it('scores the correct value only, under both mark options', () => {
    for (const option of ['all_or_nothing', 'partial']) {
      expect(scoreAnswer('true_false', DEFINITIONS.true_false, { value: false }, 1, option)).toEqual({
        score: 1,
        max: 1,
        needs_manual: false,
      });
      expect(scoreAnswer('true_false', DEFINITIONS.true_false, { value: true }, 1, option)).toEqual({
        score: 0,
        max: 1,
        needs_manual: false,
      });
    }
  });

  it('only real booleans count', () => {
    expect(scoreAnswer('true_false', DEFINITIONS.true_false, { value: null }, 1, 'partial')).toMatchObject({
      reason: 'empty',
    });
    for (const value of ['false', 0, 'true', 1, [false]]) {
      expect(scoreAnswer('true_false', DEFINITIONS.true_false, { value }, 1, 'partial')).toMatchObject({
        score: 0,
        reason: 'malformed',
      });
    }
  });

  it('needs the correct value', () => {
    expect(issuesOf('true_false', { correct: true })).toEqual([]);
    expect(issuesOf('true_false', {})).toEqual([{ path: ['correct'], message: 'questions.correct_value_required' }]);
    expect(issuesOf('true_false', { correct: 'true' })).toEqual([
      { path: ['correct'], message: 'questions.correct_value_required' },
    ]);
  });
});
