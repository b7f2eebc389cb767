import { describe, expect, it } from 'vitest';
import { scoreAnswer } from '../../../src/common/questions';
import { copy, CORRECT, DEFINITIONS, issuesOf, WRONG } from './fixtures';

const def = DEFINITIONS.categorizing;
const score = (placements: unknown, option = 'partial') => scoreAnswer('categorizing', def, { placements }, 3, option);

describe('categorizing: scoring', () => {
  it('scores every option in its category in full under both mark options, a wrong placement 0', () => {
    expect(scoreAnswer('categorizing', def, CORRECT.categorizing, 3, 'all_or_nothing')).toEqual({
      score: 3,
      max: 3,
      needs_manual: false,
    });
    expect(scoreAnswer('categorizing', def, CORRECT.categorizing, 3, 'partial')).toEqual({
      score: 3,
      max: 3,
      needs_manual: false,
    });
    expect(scoreAnswer('categorizing', def, WRONG.categorizing, 3, 'partial')).toEqual({
      score: 0,
      max: 3,
      needs_manual: false,
    });
  });

  it('partial: the share of options placed right; unplaced options are wrong', () => {
    expect(score({ x1: 'c1', x2: 'c2', x3: 'c2', x4: 'c1' }).score).toBe(1.5);
    expect(score({ x1: 'c1' }).score).toBe(0.75);
    expect(score({ x1: 'c1', x2: null, x3: 'c2' }).score).toBe(1.5);
    expect(score({ x1: 'c1', x2: 'c1', x3: 'c2' }, 'all_or_nothing').score).toBe(0);
  });

  it('treats no placement as empty and unknown ids as malformed', () => {
    expect(score({})).toMatchObject({ reason: 'empty' });
    expect(scoreAnswer('categorizing', def, null, 3, 'partial')).toMatchObject({ reason: 'empty' });
    for (const placements of [{ x9: 'c1' }, { x1: 'c9' }, { c1: 'c1' }, { x1: ['c1'] }, ['c1']]) {
      expect(score(placements)).toMatchObject({ score: 0, reason: 'malformed' });
    }
  });
});

describe('categorizing: definition', () => {
  it('accepts the fixture', () => {
    expect(issuesOf('categorizing', def)).toEqual([]);
  });

  it('needs two categories and no empty category', () => {
    expect(issuesOf('categorizing', { categories: [def.categories[0]] })).toEqual([
      { path: ['categories'], message: 'questions.min_two_categories' },
    ]);
    const empty = copy(def);
    empty.categories[1].options = [];
    expect(issuesOf('categorizing', empty)).toEqual([
      { path: ['categories', 1, 'options'], message: 'questions.empty_category' },
    ]);
    const noName = copy(def);
    noName.categories[0].name = '<p></p>';
    expect(issuesOf('categorizing', noName)).toEqual([
      { path: ['categories', 0, 'name'], message: 'questions.incomplete' },
    ]);
  });

  it('refuses duplicate category names, duplicate option texts across categories and repeated ids', () => {
    const names = copy(def);
    names.categories[1].name = 'fruit';
    expect(issuesOf('categorizing', names)).toEqual([
      { path: ['categories', 1, 'name'], message: 'questions.duplicate_categories' },
    ]);
    const options = copy(def);
    options.categories[1].options[1].text = 'Apple';
    expect(issuesOf('categorizing', options)).toEqual([
      { path: ['categories', 1, 'options', 1, 'text'], message: 'questions.duplicate_options' },
    ]);
    const ids = copy(def);
    ids.categories[1].options[0].id = 'c1';
    expect(issuesOf('categorizing', ids)).toEqual([
      { path: ['categories', 1, 'options', 0, 'id'], message: 'questions.duplicate_ids' },
    ]);
  });
});
