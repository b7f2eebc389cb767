import { describe, expect, it } from 'vitest';
import { findUnsafeValue, MAX_JSON_DEPTH } from '../../src/server/http/input-guards';

describe('findUnsafeValue (issue 44: no path built unless something is refused)', () => {
  it('passes storable values of every JSON kind', () => {
    expect(findUnsafeValue({ a: [1, true, null, 'نص', { b: 'x' }], c: 2.5 })).toBeNull();
    expect(findUnsafeValue('plain')).toBeNull();
    expect(findUnsafeValue(7)).toBeNull();
    expect(findUnsafeValue(null)).toBeNull();
  });

  it('names the path of a string that cannot be stored, at any depth', () => {
    expect(findUnsafeValue('a\u0000b')).toEqual({ path: 'body', problem: 'text' });
    expect(findUnsafeValue({ text: '\ud800' })).toEqual({ path: 'text', problem: 'text' });
    expect(findUnsafeValue({ answers: [{ answer: { text: 'ok' } }, { answer: { text: 'a\udc00' } }] })).toEqual({
      path: 'answers.1.answer.text',
      problem: 'text',
    });
  });

  it('names the parent of a key that cannot be stored, with ? for the key', () => {
    expect(findUnsafeValue({ answers: { ['k\u0000']: 1 } })).toEqual({ path: 'answers.?', problem: 'text' });
    expect(findUnsafeValue({ ['\ud800']: 'x' })).toEqual({ path: '?', problem: 'text' });
  });

  it('refuses nesting at the limit and not below it', () => {
    const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { n: nested(depth - 1) });
    expect(findUnsafeValue(nested(MAX_JSON_DEPTH))).toBeNull();
    const refused = findUnsafeValue(nested(MAX_JSON_DEPTH + 1));
    expect(refused?.problem).toBe('depth');
    expect(refused?.path).toBe(Array(MAX_JSON_DEPTH).fill('n').join('.'));
  });
});
