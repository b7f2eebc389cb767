import { describe, expect, it } from 'vitest';
import { paragraphMark, scoreAnswer, validateAnswer, type AnswerDefinitions } from '../../../src/common/questions';
import { copy, CORRECT, DEFINITIONS, issuesOf, WRONG } from './fixtures';

const def = DEFINITIONS.paragraph;
const score = (answer: unknown) => scoreAnswer('paragraph', def, answer, 99, 'partial');

describe('paragraph: scoring', () => {
  it('its mark is the sum of its children marks', () => {
    expect(paragraphMark(def)).toBe(6.5);
  });

  it('sums the automatic children and ignores its own mark and mark option', () => {
    expect(score(CORRECT.paragraph)).toEqual({
      score: 3.5,
      max: 6.5,
      needs_manual: false,
      children: {
        k1: { score: 2, max: 2, needs_manual: false },
        k2: { score: 1.5, max: 1.5, needs_manual: false },
        k3: { score: 0, max: 3, needs_manual: false, reason: 'empty' },
      },
    });
    expect(scoreAnswer('paragraph', def, CORRECT.paragraph, 1, 'all_or_nothing').score).toBe(3.5);
  });

  it('scores a partly right answer by child', () => {
    expect(score({ children: { k1: { option_id: 'a' }, k2: { value: false } } }).score).toBe(2);
  });

  it('scores a wrong answer 0', () => {
    expect(score(WRONG.paragraph)).toMatchObject({ score: 0, max: 6.5, needs_manual: false });
  });

  it('needs a human when a manual child is answered', () => {
    const result = score({ children: { k1: { option_id: 'a' }, k3: { text: 'Because it rains.' } } });
    expect(result).toMatchObject({ score: 2, max: 6.5, needs_manual: true });
    expect(result.children?.k3).toEqual({ score: 0, max: 3, needs_manual: true });
  });

  it('uses each child mark option', () => {
    const partial = copy(def);
    partial.children[0] = {
      id: 'k1',
      kind: 'multiple_choice',
      text: 'Pick',
      mark: 2,
      mark_option: 'partial',
      definition: {
        options: [
          { id: 'a', text: 'A', correct: true },
          { id: 'b', text: 'B', correct: true },
          { id: 'c', text: 'C', correct: false },
        ],
      },
    };
    expect(
      scoreAnswer('paragraph', partial, { children: { k1: { option_ids: ['a'] } } }, 0, 'all_or_nothing').score,
    ).toBe(1);
  });

  it('treats no child answer as empty', () => {
    for (const answer of [
      null,
      {},
      { children: {} },
      { children: { k1: null } },
      { children: { k1: { option_id: '' }, k3: { text: '' } } },
    ]) {
      expect(score(answer)).toMatchObject({ score: 0, max: 6.5, needs_manual: false, reason: 'empty' });
    }
  });

  it('refuses an unknown child as malformed and marks a malformed child 0', () => {
    expect(score({ children: { k9: { option_id: 'a' } } })).toMatchObject({ score: 0, reason: 'malformed' });
    expect(score({ children: [{ option_id: 'a' }] })).toMatchObject({ score: 0, reason: 'malformed' });
    const result = score({ children: { k1: { option_id: 'zz' }, k2: { value: true } } });
    expect(result).toMatchObject({ score: 1.5, children: { k1: { score: 0, reason: 'malformed' } } });
    expect(score({ children: { k2: { option_id: 'a' } } }).children?.k2).toMatchObject({
      score: 0,
      reason: 'wrong_kind',
    });
  });

  it('passes on each child delivery limits', () => {
    const long = { children: { k3: { text: 'word '.repeat(51) } } };
    expect(validateAnswer('paragraph', def, long)).toEqual([
      { path: ['children', 'k3', 'text'], message: 'questions.answer_word_limit', params: { max: 50 } },
    ]);
    expect(validateAnswer('paragraph', def, CORRECT.paragraph)).toEqual([]);
    expect(validateAnswer('paragraph', def, { children: { k9: {} } })).toEqual([
      { path: [], message: 'questions.answer_invalid' },
    ]);
  });
});

describe('paragraph: definition', () => {
  it('accepts the fixture', () => {
    expect(issuesOf('paragraph', def)).toEqual([]);
  });

  it('needs a passage and at least one child', () => {
    expect(issuesOf('paragraph', { passage: def.passage, children: [] })).toEqual([
      { path: ['children'], message: 'questions.paragraph_needs_child' },
    ]);
    expect(issuesOf('paragraph', { passage: def.passage })).toEqual([
      { path: ['children'], message: 'questions.paragraph_needs_child' },
    ]);
    expect(issuesOf('paragraph', { passage: '<p> </p>', children: def.children })).toEqual([
      { path: ['passage'], message: 'questions.passage_required' },
    ]);
  });

  it('validates each child with its own kind, under its path', () => {
    const bad = copy(def);
    (bad.children[0].definition as AnswerDefinitions['single_choice']).options[1].correct = true;
    bad.children[1].definition = {};
    expect(issuesOf('paragraph', bad)).toEqual([
      { path: ['children', 0, 'definition', 'options'], message: 'questions.exactly_one_correct' },
      { path: ['children', 1, 'definition', 'correct'], message: 'questions.correct_value_required' },
    ]);
  });

  it('refuses a paragraph child, an unknown kind, a missing definition and child field problems', () => {
    const nested = copy(def) as { children: Record<string, unknown>[] };
    nested.children[0].kind = 'paragraph';
    expect(issuesOf('paragraph', nested)).toEqual([
      { path: ['children', 0, 'kind'], message: 'questions.child_kind_invalid' },
    ]);
    const missing = copy(def);
    delete missing.children[2].definition;
    expect(issuesOf('paragraph', missing)).toEqual([
      { path: ['children', 2, 'definition'], message: 'questions.incomplete' },
    ]);
    const fields = copy(def) as { children: Record<string, unknown>[] };
    fields.children[0].text = '';
    fields.children[1].mark = 101;
    delete fields.children[2].mark_option;
    expect(issuesOf('paragraph', fields)).toEqual([
      { path: ['children', 0, 'text'], message: 'questions.text_required' },
      { path: ['children', 1, 'mark'], message: 'questions.mark_invalid' },
      { path: ['children', 2, 'mark_option'], message: 'questions.mark_option_required' },
    ]);
    const ids = copy(def);
    ids.children[1].id = 'k1';
    expect(issuesOf('paragraph', ids)).toEqual([{ path: ['children', 1, 'id'], message: 'questions.duplicate_ids' }]);
  });
});
