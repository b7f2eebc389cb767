import { describe, expect, it } from 'vitest';
import { applyTranslation } from '../../../src/common/exams/localization';
import { buildTranslations, initialValues, translatableTexts } from '../../../src/client/exams/localize/translatable';

const categorizing = {
  id: 1,
  text: '<p>Sort the words</p>',
  answer_key: {
    categories: [
      { id: 'c1', name: '<p>Animals</p>', options: [{ id: 'o1', text: '<p>Cat</p>' }] },
      { id: 'c2', name: '<p>Plants</p>', options: [{ id: 'o2', text: '<p>Tree</p>' }] },
    ],
  },
};

const paragraph = {
  id: 2,
  text: '<p>Read and answer</p>',
  answer_key: {
    passage: '<p>Once upon a time</p>',
    children: [
      {
        id: 'k1',
        kind: 'true_false',
        text: '<p>It is old</p>',
        mark: 1,
        mark_option: 'all_or_nothing',
        definition: { correct: true },
      },
      {
        id: 'k2',
        kind: 'single_choice',
        text: '<p>Who?</p>',
        mark: 1,
        mark_option: 'all_or_nothing',
        definition: {
          options: [
            { id: 'x', text: '<p>A king</p>', correct: true },
            { id: 'y', text: '<p>A cat</p>', correct: false },
          ],
        },
      },
    ],
  },
};

// Keys as the database returns them: jsonb puts "after" before "before".
const fill = {
  id: 3,
  text: '<p>Fill</p>',
  answer_key: { blanks: [{ id: 'b1', after: 'home', answer: 'went', before: 'I', options: ['went', 'go'] }] },
};

describe('localized exam texts', () => {
  it('offers every text of a question, never its answers, in reading order with roles', () => {
    expect(translatableTexts(categorizing).map((slot) => [slot.key, slot.role])).toEqual([
      ['text', 'text'],
      ['answer_key/categories/#c1/name', 'category'],
      ['answer_key/categories/#c1/options/#o1/text', 'option'],
      ['answer_key/categories/#c2/name', 'category'],
      ['answer_key/categories/#c2/options/#o2/text', 'option'],
    ]);
    expect(translatableTexts(paragraph).map((slot) => slot.role)).toEqual([
      'text',
      'passage',
      'child',
      'child',
      'option',
      'option',
    ]);
    const blanks = translatableTexts(fill);
    expect(blanks.map((slot) => [slot.role, slot.rich])).toEqual([
      ['text', true],
      ['before', false],
      ['after', false],
    ]);
    expect(blanks.map((slot) => slot.original)).toEqual(['<p>Fill</p>', 'I', 'home']);
  });

  it('builds translations keyed by question id, holding only entered texts matched by ids', () => {
    const translations = buildTranslations([categorizing, paragraph, fill], {
      1: { 'answer_key/categories/#c2/options/#o2/text': '<p>شجرة</p>', 'answer_key/categories/#c1/name': '<p></p>' },
      2: { text: '<p>اقرأ وأجب</p>', 'answer_key/children/#k2/definition/options/#y/text': '<p>قطة</p>' },
      3: { 'answer_key/blanks/#b1/after': 'البيت' },
    });
    expect(translations).toEqual({
      questions: {
        1: { answer_key: { categories: [{ id: 'c2', options: [{ id: 'o2', text: '<p>شجرة</p>' }] }] } },
        2: {
          text: '<p>اقرأ وأجب</p>',
          answer_key: { children: [{ id: 'k2', definition: { options: [{ id: 'y', text: '<p>قطة</p>' }] } }] },
        },
        3: { answer_key: { blanks: [{ id: 'b1', after: 'البيت' }] } },
      },
    });
    // The server's overlay changes exactly those texts and keeps the key.
    const localized = applyTranslation(paragraph, translations.questions[2]);
    expect(localized.text).toBe('<p>اقرأ وأجب</p>');
    expect(JSON.stringify(localized.answer_key)).toContain('"text":"<p>قطة</p>","correct":false');
    expect(JSON.stringify(localized.answer_key)).toContain('"correct":true');
  });

  it('reads a stored translation back into the form', () => {
    const stored = { 3: { answer_key: { blanks: [{ id: 'b1', before: 'أنا' }] } } };
    expect(initialValues([fill], stored)).toEqual({
      3: { text: '', 'answer_key/blanks/#b1/before': 'أنا', 'answer_key/blanks/#b1/after': '' },
    });
  });
});
