import { describe, expect, it } from 'vitest';
import { ANSWER_TYPES, keyAnswer, scoreAnswer, type AnswerKind } from '../../../src/common/questions';
import { DEFINITIONS, KINDS } from './fixtures';
import { definitionOf, random } from './generators';

const MANUAL = new Set<AnswerKind>(['essay', 'audio_response']);

/** A paragraph's full mark once its manual children are set aside. */
function fullMark(kind: AnswerKind, definition: unknown, mark: number): number {
  if (kind !== 'paragraph') return mark;
  const children = (definition as { children: { kind: AnswerKind; mark: number }[] }).children;
  return children.filter((c) => !MANUAL.has(c.kind)).reduce((sum, c) => sum + c.mark, 0);
}

describe('the answer that earns the whole mark (an author’s preview shows it filled in)', () => {
  it.each(KINDS)('for the %s fixture: a valid answer that scores full, in both mark options', (kind) => {
    const definition = DEFINITIONS[kind];
    const key = keyAnswer(kind, definition);
    if (MANUAL.has(kind)) return expect(key).toBeNull();
    expect(ANSWER_TYPES[kind].validateAnswer(definition, key)).toEqual([]);
    for (const option of ['all_or_nothing', 'partial'])
      expect(scoreAnswer(kind, definition, key, 4, option).score).toBeCloseTo(fullMark(kind, definition, 4), 2);
  });

  it('scores full for 40 random definitions of each kind scored automatically (seeded)', () => {
    const rnd = random(40);
    let checked = 0;
    for (let i = 0; i < 40; i++)
      for (const kind of KINDS.filter((k) => !MANUAL.has(k))) {
        const definition = definitionOf(kind, rnd);
        const result = scoreAnswer(kind, definition, keyAnswer(kind, definition), 3, 'all_or_nothing');
        // A paragraph of essays and recordings only has nothing to fill in.
        if (fullMark(kind, definition, 3) > 0) expect(result.reason, kind).toBeUndefined();
        expect(result.score, `${kind} ${JSON.stringify(definition)}`).toBeCloseTo(fullMark(kind, definition, 3), 2);
        checked += 1;
      }
    expect(checked).toBe(320);
  });
});
