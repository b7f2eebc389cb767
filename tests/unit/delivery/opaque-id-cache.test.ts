import { describe, expect, it } from 'vitest';
import { UNKNOWN_ID } from '../../../src/common/questions/index';
import { attemptIdCodec } from '../../../src/server/delivery/opaque-ids';

/**
 * Issue 44: an attempt's encodings are kept with the definition object a save reads, so that saves
 * need not compute an HMAC per answer part again. What is kept must decode exactly as a fresh codec
 * does, and never across attempts, questions or kinds.
 */
const choice = () => ({
  options: [
    { id: 'a', text: 'Yes', correct: true },
    { id: 'b', text: 'No', correct: false },
    { id: 'c', text: 'Maybe', correct: false },
  ],
});

describe('attemptIdCodec kept with its definition', () => {
  it('decodes alike from a kept definition and a fresh copy', () => {
    const kept = choice();
    for (let round = 0; round < 3; round++) {
      const codec = attemptIdCodec('seed-1', 7, 'single_choice', kept);
      const fresh = attemptIdCodec('seed-1', 7, 'single_choice', choice());
      for (const id of ['a', 'b', 'c']) {
        const seen = fresh.encode(id, '');
        expect(codec.encode(id, '')).toBe(seen);
        expect(codec.decode(seen, '')).toBe(id);
        expect(fresh.decode(seen, '')).toBe(id);
      }
      expect(codec.decode('a', '')).toBe(UNKNOWN_ID);
      expect(codec.decode(codec.encode('a', ''), 'other-scope')).toBe(UNKNOWN_ID);
    }
  });

  it("never reads one attempt's or one question's ids with another's", () => {
    const kept = choice();
    const first = attemptIdCodec('seed-1', 7, 'single_choice', kept);
    const second = attemptIdCodec('seed-2', 7, 'single_choice', kept);
    const otherQuestion = attemptIdCodec('seed-1', 8, 'single_choice', kept);
    const ids = ['a', 'b', 'c'].map((id) => first.encode(id, ''));
    expect(ids.map((id) => first.decode(id, ''))).toEqual(['a', 'b', 'c']);
    expect(ids.map((id) => second.decode(id, ''))).toEqual([UNKNOWN_ID, UNKNOWN_ID, UNKNOWN_ID]);
    expect(ids.map((id) => otherQuestion.decode(id, ''))).toEqual([UNKNOWN_ID, UNKNOWN_ID, UNKNOWN_ID]);
    expect(ids.map((id) => first.decode(id, ''))).toEqual(['a', 'b', 'c']);
  });

  it('reads a definition again when it is read as another kind', () => {
    const kept = choice();
    const asChoice = attemptIdCodec('seed-1', 7, 'single_choice', kept);
    const seen = asChoice.encode('a', '');
    expect(asChoice.decode(seen, '')).toBe('a');
    // An essay has no answer-part ids: nothing decodes.
    expect(attemptIdCodec('seed-1', 7, 'essay', kept).decode(seen, '')).toBe(UNKNOWN_ID);
    expect(attemptIdCodec('seed-1', 7, 'single_choice', kept).decode(seen, '')).toBe('a');
  });
});
