import { describe, expect, it } from 'vitest';
import { ANSWER_TYPES, scoreAnswer } from '../../../src/common/questions';
import { CORRECT, DEFINITIONS, KINDS } from './fixtures';

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });
const throwing = new Proxy(
  {},
  {
    ownKeys: () => {
      throw new Error('boom');
    },
    get: () => {
      throw new Error('boom');
    },
  },
);

const MALFORMED: [string, unknown][] = [
  ['an array', []],
  ['an array of answers', [{ option_id: 'o1' }]],
  ['a string', 'o1'],
  ['a huge string', 'x'.repeat(1_000_000)],
  ['a number', 42],
  ['a boolean', true],
  ['a __proto__ key', JSON.parse('{"__proto__": {"option_id": "o1"}}')],
  ['a constructor key', { constructor: { prototype: { polluted: true } } }],
  ['deep nesting', deep(50)],
  ['a proxy that throws', throwing],
];

describe.each(KINDS)('%s: malformed and foreign answers', (kind) => {
  const def = DEFINITIONS[kind];

  it.each(MALFORMED)('scores %s 0 as malformed, without throwing', (_name, answer) => {
    const result = scoreAnswer(kind, def, answer, 2, 'partial');
    expect(result).toMatchObject({
      score: 0,
      max: kind === 'paragraph' ? 6.5 : 2,
      needs_manual: false,
      reason: 'malformed',
    });
    expect(ANSWER_TYPES[kind].validateAnswer(def, answer)).toEqual([{ path: [], message: 'questions.answer_invalid' }]);
  });

  it('scores every other kind answer 0 as the wrong kind', () => {
    for (const other of KINDS.filter((k) => k !== kind)) {
      expect(scoreAnswer(kind, def, CORRECT[other], 2, 'partial'), `${other} answer`).toMatchObject({
        score: 0,
        needs_manual: false,
        reason: 'wrong_kind',
      });
    }
  });

  it('scores its correct answer with an extra key as malformed', () => {
    expect(scoreAnswer(kind, def, { ...(CORRECT[kind] as object), extra: 1 }, 2, 'partial')).toMatchObject({
      score: 0,
      reason: 'malformed',
    });
  });

  it('scores null and undefined as empty', () => {
    expect(scoreAnswer(kind, def, null, 2, 'partial')).toMatchObject({
      score: 0,
      needs_manual: false,
      reason: 'empty',
    });
    expect(scoreAnswer(kind, def, undefined, 2, 'partial')).toMatchObject({
      score: 0,
      needs_manual: false,
      reason: 'empty',
    });
  });

  it('refuses a stored definition that no longer validates', () => {
    expect(scoreAnswer(kind, { junk: true }, CORRECT[kind], 2, 'partial')).toEqual({
      score: 0,
      max: 2,
      needs_manual: false,
      reason: 'invalid_definition',
    });
    expect(scoreAnswer(kind, null, CORRECT[kind], 2, 'partial')).toMatchObject({ reason: 'invalid_definition' });
  });
});

describe('scoreAnswer', () => {
  it('refuses unknown kinds, including object prototype names', () => {
    for (const kind of ['open_text', '', '__proto__', 'constructor', 'toString']) {
      expect(scoreAnswer(kind, DEFINITIONS.single_choice, CORRECT.single_choice, 2, 'partial')).toEqual({
        score: 0,
        max: 2,
        needs_manual: false,
        reason: 'unknown_kind',
      });
    }
    expect(scoreAnswer(null as unknown as string, {}, {}, 2, 'partial')).toMatchObject({ reason: 'unknown_kind' });
  });

  it('refuses a mark that is not a number from 0 up', () => {
    for (const mark of [NaN, -1, Infinity, '2' as unknown as number]) {
      expect(scoreAnswer('single_choice', DEFINITIONS.single_choice, CORRECT.single_choice, mark, 'partial')).toEqual({
        score: 0,
        max: 0,
        needs_manual: false,
        reason: 'invalid_mark',
      });
    }
  });

  it('reads an unknown mark option as all or nothing', () => {
    const answer = { option_ids: ['o1'] };
    expect(scoreAnswer('multiple_choice', DEFINITIONS.multiple_choice, answer, 3, 'generous').score).toBe(0);
    expect(scoreAnswer('multiple_choice', DEFINITIONS.multiple_choice, answer, 3, 'partial').score).toBe(1);
  });

  it('rounds scores and max to 2 decimals', () => {
    expect(
      scoreAnswer('multiple_choice', DEFINITIONS.multiple_choice, { option_ids: ['o1'] }, 1.555, 'partial'),
    ).toEqual({ score: 0.52, max: 1.56, needs_manual: false });
  });

  it('does not pollute Object.prototype', () => {
    for (const kind of KINDS)
      scoreAnswer(kind, DEFINITIONS[kind], JSON.parse('{"__proto__": {"polluted": true}}'), 1, 'partial');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
