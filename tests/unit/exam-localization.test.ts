import { describe, expect, it } from 'vitest';
import { applyTranslation, overlayTexts } from '../../src/common/exams/localization';

describe('localized exam texts', () => {
  const question = {
    text: '<p>Which city?</p>',
    mark: 2,
    answer_key: {
      options: [
        { id: 'o1', text: 'Cairo', correct: true },
        { id: 'o2', text: 'Rome', correct: false },
      ],
    },
  };

  it('replaces texts matched by id and keeps the structure, marks and key', () => {
    const translated = applyTranslation(question, {
      text: '<p>أي مدينة؟</p>',
      answer_key: {
        options: [
          { id: 'o2', text: 'روما', correct: true },
          { id: 'o9', text: 'x' },
        ],
      },
    });
    expect(translated).toEqual({
      text: '<p>أي مدينة؟</p>',
      mark: 2,
      answer_key: {
        options: [
          { id: 'o1', text: 'Cairo', correct: true },
          { id: 'o2', text: 'روما', correct: false },
        ],
      },
    });
  });

  it('never overlays a correct answer, an id or a blank text', () => {
    const blanks = { blanks: [{ id: 'b1', before: 'The', after: '.', answer: 'sun', options: ['sun', 'moon'] }] };
    expect(
      overlayTexts(blanks, { blanks: [{ id: 'b1', before: 'ال', after: '', answer: 'قمر', options: ['x'] }] }),
    ).toEqual({
      blanks: [{ id: 'b1', before: 'ال', after: '.', answer: 'sun', options: ['sun', 'moon'] }],
    });
    expect(applyTranslation(question, undefined)).toBe(question);
    expect(applyTranslation(question, { text: '   ' }).text).toBe('<p>Which city?</p>');
  });

  it('reaches nested children of a paragraph', () => {
    const paragraph = { passage: 'P', children: [{ id: 'k1', text: 'Q1', definition: { correct: true } }] };
    expect(
      overlayTexts(paragraph, {
        passage: 'فقرة',
        children: [{ id: 'k1', text: 'س1', definition: { correct: false } }],
      }),
    ).toEqual({
      passage: 'فقرة',
      children: [{ id: 'k1', text: 'س1', definition: { correct: true } }],
    });
  });
});
