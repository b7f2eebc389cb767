import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANSWER_TYPES } from '../../../src/common/questions/registry';
import { readGift } from '../../../src/server/interchange/gift';
import type { InterchangeItem } from '../../../src/server/interchange/interchange-item';

const sample = readFileSync(new URL('../../fixtures/interchange/sample.gift', import.meta.url), 'utf8');

/* eslint-disable @typescript-eslint/no-explicit-any -- keys are checked by their schema, then read loosely */
const byName = (items: InterchangeItem[], name: string) => items.find((i) => i.identifier === name)!;
const keyOf = (item: InterchangeItem): any => item.question!.answer_key;
const one = (text: string) => readGift(text)[0];

/** The item's key passes its answer type's definition (what the bank will require). */
function expectValidKey(item: InterchangeItem) {
  const { answer_type, answer_key } = item.question!;
  const parsed = ANSWER_TYPES[answer_type].definition.safeParse(answer_key);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(item.problems).toEqual([]);
}

describe('GIFT: the sample file', () => {
  const items = readGift(sample);

  it('skips comments and categories and names questions by title or number', () => {
    expect(items.map((i) => i.identifier)).toEqual([
      "Grant's tomb",
      'عاصمة مصر',
      'Primes',
      'Sun',
      'الأرض',
      'Two plus two',
      'Capitals',
      'Missing word',
      'كلمة ناقصة',
      'Essay',
      'Numbers',
      'question 12',
      'Escapes',
      'question 14',
    ]);
    for (const item of items.filter((i) => i.question)) {
      expect(item.question).toMatchObject({ mark: 1, media_type: 'none', media_replay_count: 0 });
      expect(item.metadata).toEqual({});
    }
  });

  it('reads a single choice and notes the answer feedback it drops', () => {
    const item = byName(items, "Grant's tomb");
    expectValidKey(item);
    expect(item.question).toMatchObject({
      answer_type: 'single_choice',
      text: "<p>Who is buried in Grant's tomb?</p>",
      content_language: 'en',
      mark_option: 'all_or_nothing',
    });
    expect(keyOf(item).options.map((o: any) => [o.text, o.correct])).toEqual([
      ['Grant', false],
      ['Jefferson', false],
      ['no one', true],
    ]);
    expect(item.notes).toEqual([{ key: 'interchange.problems.feedback_dropped' }]);
  });

  it('reads Arabic unchanged and marks its language', () => {
    const item = byName(items, 'عاصمة مصر');
    expectValidKey(item);
    expect(item.question).toMatchObject({ text: '<p>ما عاصمة مصر؟</p>', content_language: 'ar' });
    expect(keyOf(item).options.map((o: any) => [o.text, o.correct])).toEqual([
      ['القاهرة', true],
      ['الإسكندرية', false],
      ['أسوان', false],
    ]);
  });

  it('reads weighted answers as a multiple choice with partial marking, in the [html] format', () => {
    const item = byName(items, 'Primes');
    expectValidKey(item);
    expect(item.question).toMatchObject({
      answer_type: 'multiple_choice',
      mark_option: 'partial',
      text: '<p>Which numbers are <b>prime</b>?</p>',
    });
    expect(keyOf(item).options.map((o: any) => [o.text, o.correct])).toEqual([
      ['2', true],
      ['3', true],
      ['4', false],
    ]);
  });

  it('reads true/false in both spellings', () => {
    expectValidKey(byName(items, 'Sun'));
    expect(keyOf(byName(items, 'Sun'))).toEqual({ correct: true });
    const arabic = byName(items, 'الأرض');
    expectValidKey(arabic);
    expect(keyOf(arabic)).toEqual({ correct: false });
    expect(arabic.question!.content_language).toBe('ar');
    expect(arabic.notes).toEqual([{ key: 'interchange.problems.feedback_dropped' }]);
  });

  it('reads a short answer as one blank and notes the other accepted answers', () => {
    const item = byName(items, 'Two plus two');
    expectValidKey(item);
    expect(keyOf(item).blanks).toEqual([{ id: expect.any(String), before: '', after: '', answer: 'four' }]);
    expect(item.notes).toEqual([{ key: 'interchange.problems.extra_answers_dropped', params: { answers: '4, for' } }]);
  });

  it('reads a matching question with partial marking', () => {
    const item = byName(items, 'Capitals');
    expectValidKey(item);
    expect(item.question!.mark_option).toBe('partial');
    expect(keyOf(item).pairs.map((p: any) => [p.left, p.right])).toEqual([
      ['Egypt', 'Cairo'],
      ['Jordan', 'Amman'],
      ['Oman', 'Muscat'],
    ]);
  });

  it('reads a matching whose items share an answer as categorizing, naming the shared answer (issue 40)', () => {
    const cities = one('::Cities::Which country? {=Paris -> France =Lyon -> France =Cairo -> Egypt}');
    expectValidKey(cities);
    expect(cities.question!.answer_type).toBe('categorizing');
    expect(keyOf(cities).categories.map((c: any) => [c.name, c.options.map((o: any) => o.text)])).toEqual([
      ['France', ['Paris', 'Lyon']],
      ['Egypt', ['Cairo']],
    ]);
    expect(cities.notes).toEqual([
      { key: 'interchange.problems.matching_as_categorizing', params: { answers: 'France' } },
    ]);
    const single = one('::All::Which country? {=Paris -> France =Lyon -> France}');
    expect(single.problems).toContainEqual({
      key: 'interchange.problems.one_shared_answer',
      params: { answers: 'France' },
    });
  });

  it('reads a missing word as a blank with options, with the instruction of its language as text', () => {
    const english = byName(items, 'Missing word');
    expectValidKey(english);
    expect(english.question).toMatchObject({ answer_type: 'fill_blanks', text: '<p>Fill in the blanks.</p>' });
    expect(keyOf(english).blanks.map(({ id: _id, ...b }: any) => b)).toEqual([
      { before: 'The sky is', after: 'today.', answer: 'blue', options: ['blue', 'green', 'red'] },
    ]);
    const arabic = byName(items, 'كلمة ناقصة');
    expectValidKey(arabic);
    expect(arabic.question).toMatchObject({ text: '<p>املأ الفراغات.</p>', content_language: 'ar' });
    expect(keyOf(arabic).blanks.map(({ id: _id, ...b }: any) => b)).toEqual([
      { before: 'ذهب الولد إلى', after: 'صباحًا.', answer: 'المدرسة', options: ['المدرسة', 'السوق'] },
    ]);
  });

  it('reads {} as an essay of 500 words', () => {
    const item = byName(items, 'Essay');
    expectValidKey(item);
    expect(item.question).toMatchObject({ answer_type: 'essay', answer_key: { max_words: 500 } });
  });

  it('lists numerical questions with a tolerance, and descriptions, as unsupported', () => {
    expect(byName(items, 'Numbers').unsupported).toEqual({
      key: 'interchange.problems.unsupported',
      params: { what: 'numerical with a tolerance or a range' },
    });
    expect(one('::R::Pick a number from one to five {#1..5}').unsupported!.params).toEqual({
      what: 'numerical with a tolerance or a range',
    });
    expect(byName(items, 'question 12').unsupported!.params).toEqual({ what: 'description' });
  });

  it('reads an exact numerical as a typed blank, noting the other answers it drops (issue 40)', () => {
    const spider = one('::Legs::How many legs has a spider? {#8}');
    expectValidKey(spider);
    expect(keyOf(spider).blanks).toEqual([{ id: expect.any(String), before: '', after: '', answer: '8' }]);
    const pi = one('::Pi::Pi to two decimals? {#=3.14:0 =%50%3}');
    expectValidKey(pi);
    expect(keyOf(pi).blanks[0].answer).toBe('3.14');
    expect(pi.notes).toEqual([{ key: 'interchange.problems.extra_answers_dropped', params: { answers: '3' } }]);
    expect(one('::Neg::Below zero? {#-4.5}').question!.answer_key).toMatchObject({ blanks: [{ answer: '-4.5' }] });
  });

  it('resolves escapes in titles, texts and answers', () => {
    const item = byName(items, 'Escapes');
    expectValidKey(item);
    expect(item.question!.text).toBe('<p>Which of these is written 1:1 {ratio}?</p>');
    expect(keyOf(item).options.map((o: any) => [o.text, o.correct])).toEqual([
      ['a = b', true],
      ['a ~ b', false],
      ['a # b', false],
    ]);
  });
});

describe('GIFT: details', () => {
  it('reads escaped colons in a title, \\n as a line break and a backslash before a control character', () => {
    const item = one('::Ratio 1\\:2::[plain]Line one\\nline <two> \\\\{=yes ~no}');
    expect(item.identifier).toBe('Ratio 1:2');
    expect(item.question!.text).toBe('<p>Line one<br>line &lt;two&gt; \\</p>');
  });

  it('reads a missing-word short answer as a typed blank', () => {
    const item = one('Two plus two is {=four =4} exactly.');
    expectValidKey(item);
    expect(keyOf(item).blanks.map(({ id: _id, ...b }: any) => b)).toEqual([
      { before: 'Two plus two is', after: 'exactly.', answer: 'four' },
    ]);
    expect(item.notes).toEqual([{ key: 'interchange.problems.extra_answers_dropped', params: { answers: '4' } }]);
  });

  it('keeps a missing word that a blank cannot hold as a question with a gap line', () => {
    const item = one('The sun {T} rises in the east.');
    expectValidKey(item);
    expect(item.question!.text).toBe('<p>The sun _____ rises in the east.</p>');
  });

  it('reports a single choice with two right answers and a short answer with none', () => {
    expect(one('Pick {=a =b ~c}').problems).toEqual([{ key: 'interchange.problems.choice_key' }]);
    expect(one('Type {=%50%half}').problems).toEqual([{ key: 'interchange.problems.choice_key' }]);
  });

  it('notes general feedback and matching distractors', () => {
    const item = one('Match.{=a -> 1 =b -> 2 = -> 3 ####Well done.}');
    expectValidKey(item);
    expect(item.notes).toEqual([
      { key: 'interchange.problems.feedback_dropped' },
      { key: 'interchange.problems.distractors_dropped', params: { answers: '3' } },
    ]);
  });

  it('reports an unreadable question without refusing the file, and reads CRLF files', () => {
    const items = readGift('::Broken::Who {=a ~b\r\n\r\n::Fine::Who?{=a ~b}\r\n');
    expect(items[0]).toMatchObject({
      identifier: 'Broken',
      problems: [{ key: 'interchange.problems.unreadable_question' }],
    });
    expect(items[0].question).toBeUndefined();
    expectValidKey(items[1]);
  });

  it('refuses a file in which nothing reads as a question', () => {
    const refused = expect.objectContaining({ reason: 'interchange.errors.gift_unreadable' });
    expect(() => readGift('')).toThrow(refused);
    expect(() => readGift('// only a comment\n$CATEGORY: x\n')).toThrow(refused);
    expect(() => readGift('Just some prose.\n\nAnd more prose.')).toThrow(refused);
    expect(() => readGift('PK\u0003\u0004\0\0binary')).toThrow(refused);
  });
});
