import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANSWER_TYPES } from '../../../src/common/questions/registry';
import { layoutGapText } from '../../../src/server/interchange/gap-text';
import type { InterchangeItem } from '../../../src/server/interchange/interchange-item';
import { readMoodleXml } from '../../../src/server/interchange/moodle-xml';

const sample = readFileSync(new URL('../../fixtures/interchange/moodle-sample.xml', import.meta.url), 'utf8');
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

/* eslint-disable @typescript-eslint/no-explicit-any -- keys are checked by their schema, then read loosely */
const byName = (items: InterchangeItem[], name: string) => items.find((i) => i.identifier === name)!;
const keyOf = (item: InterchangeItem): any => item.question!.answer_key;

/** The item's key passes its answer type's definition (what the bank will require). */
function expectValidKey(item: InterchangeItem) {
  const { answer_type, answer_key } = item.question!;
  const parsed = ANSWER_TYPES[answer_type].definition.safeParse(answer_key);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(item.problems).toEqual([]);
}

const quiz = (...questions: string[]) => `<?xml version="1.0" encoding="UTF-8"?><quiz>${questions.join('')}</quiz>`;
const question = (type: string, body: string, text = '<p>Question?</p>') =>
  `<question type="${type}"><name><text>${type}</text></name>` +
  `<questiontext format="html"><text><![CDATA[${text}]]></text></questiontext>${body}</question>`;

describe('Moodle XML: the sample file', () => {
  const { items, media } = readMoodleXml(sample);

  it('skips categories and lists every question in order, named by its name or its number', () => {
    expect(items.map((i) => i.identifier)).toEqual([
      'Capital of France',
      'حروف الجر',
      'الشمس نجم',
      'Colour of the sky',
      'question 5',
      'Countries and capitals',
      'ترتيب الجملة',
      'أكمل الجملة',
      'Animals',
      'Square root',
      'Cloze',
      'No right answer',
      'Instructions',
    ]);
  });

  it('reads a single choice: the 100% answer is correct, the grade is the mark', () => {
    const item = byName(items, 'Capital of France');
    expectValidKey(item);
    expect(item.question).toMatchObject({
      answer_type: 'single_choice',
      mark: 2.5,
      mark_option: 'all_or_nothing',
      content_language: 'en',
    });
    expect(keyOf(item).options.map((o: any) => [o.text, o.correct])).toEqual([
      ['<p>Lyon</p>', false],
      ['<p>Paris</p>', true],
      ['<p>Marseille</p>', false],
    ]);
  });

  it('gives parts fresh random ids on every read', () => {
    const ids = keyOf(byName(items, 'Capital of France')).options.map((o: any) => o.id);
    const again = keyOf(byName(readMoodleXml(sample).items, 'Capital of France')).options.map((o: any) => o.id);
    expect(new Set([...ids, ...again]).size).toBe(6);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{8,}$/);
  });

  it('decodes the first embedded image as the media, takes it out of the text and notes the others', () => {
    const item = byName(items, 'Capital of France');
    expect(item.media).toBe('moodle/1/eiffel tower.png');
    expect(item.question!.media_type).toBe('image');
    expect(item.question!.text).toBe('<p>Which city is the capital of France?</p>');
    expect([...media.keys()]).toEqual(['moodle/1/eiffel tower.png']);
    const bytes = media.get('moodle/1/eiffel tower.png')!;
    expect(Buffer.from(bytes).equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
    expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(item.notes).toEqual([{ key: 'interchange.problems.extra_media_dropped', params: { name: 'map.jpg' } }]);
  });

  it('reads lookup tags in either language, whatever the spelling of the field, and ignores other tags', () => {
    expect(byName(items, 'Capital of France').metadata).toEqual({
      skill: { en: 'Reading' },
      difficulty_level: { ar: 'صعب', en: 'Hard' },
      learning_outcome: { en: 'Identify capitals' },
    });
    expect(byName(items, 'حروف الجر').metadata).toEqual({
      skill: { ar: 'القواعد' },
      question_type: { ar: 'اختيار متعدد' },
    });
  });

  it('reads a multiple choice in Arabic: positive fractions are correct, split fractions mark partially', () => {
    const item = byName(items, 'حروف الجر');
    expectValidKey(item);
    expect(item.question).toMatchObject({
      answer_type: 'multiple_choice',
      mark: 3,
      mark_option: 'partial',
      content_language: 'ar',
      text: '<p dir="rtl">اختر حروف الجر من الكلمات الآتية:</p>',
    });
    expect(keyOf(item).options.map((o: any) => [o.text, o.correct])).toEqual([
      ['<p>في</p>', true],
      ['<p>على</p>', true],
      ['<p>كتب</p>', false],
      ['<p>قلم</p>', false],
    ]);
  });

  it('reads a true/false and notes the feedback it drops', () => {
    const item = byName(items, 'الشمس نجم');
    expectValidKey(item);
    expect(item.question).toMatchObject({
      answer_type: 'true_false',
      content_language: 'ar',
      text: '<p>الشمس نجم.</p>',
    });
    expect(keyOf(item)).toEqual({ correct: true });
    expect(item.notes).toEqual([{ key: 'interchange.problems.feedback_dropped' }]);
  });

  it('reads a short answer as one blank, noting the other accepted answers; plain text becomes paragraphs', () => {
    const item = byName(items, 'Colour of the sky');
    expectValidKey(item);
    expect(item.question!.text).toBe('<p>What colour is a clear sky?</p><p>Answer in one word &amp; in English.</p>');
    expect(keyOf(item).blanks).toEqual([{ id: expect.any(String), before: '', after: '', answer: 'blue' }]);
    expect(item.notes).toEqual([
      { key: 'interchange.problems.extra_answers_dropped', params: { answers: 'azure, light blue' } },
    ]);
  });

  it('reads an essay with its word limit', () => {
    const item = byName(items, 'question 5');
    expectValidKey(item);
    expect(item.question).toMatchObject({ answer_type: 'essay', mark: 10, answer_key: { max_words: 200 } });
  });

  it('reads a matching question with partial marking and notes its distractors', () => {
    const item = byName(items, 'Countries and capitals');
    expectValidKey(item);
    expect(item.question!.mark_option).toBe('partial');
    expect(keyOf(item).pairs.map((p: any) => [p.left, p.right])).toEqual([
      ['<p>Egypt</p>', 'Cairo'],
      ['<p>Jordan</p>', 'Amman'],
      ['<p>Oman</p>', 'Muscat'],
    ]);
    for (const p of keyOf(item).pairs) expect(p.right_id).not.toBe(p.id);
    expect(item.notes).toEqual([{ key: 'interchange.problems.distractors_dropped', params: { answers: 'Beirut' } }]);
  });

  it('reads an ordering question in its correct order, in Arabic', () => {
    const item = byName(items, 'ترتيب الجملة');
    expectValidKey(item);
    expect(item.question).toMatchObject({ answer_type: 'reordering', mark: 4, mark_option: 'partial' });
    expect(keyOf(item).items.map((i: any) => i.text)).toEqual(['ذهب', 'الولد', 'إلى', 'المدرسة']);
  });

  it('reads a gapselect as blanks offering their group, with the Arabic instruction as text', () => {
    const item = byName(items, 'أكمل الجملة');
    expectValidKey(item);
    expect(item.question).toMatchObject({
      answer_type: 'fill_blanks',
      text: '<p>املأ الفراغات.</p>',
      content_language: 'ar',
      mark_option: 'partial',
    });
    expect(keyOf(item).blanks.map(({ id: _id, ...b }: any) => b)).toEqual([
      { before: 'ذهب', after: '', answer: 'الولد', options: ['الولد', 'البنت'] },
      { before: 'إلى', after: 'صباحًا.', answer: 'المدرسة', options: ['المدرسة', 'السوق'] },
    ]);
  });

  it('reads a ddwtos, keeping the paragraphs without gaps as the text', () => {
    const item = byName(items, 'Animals');
    expectValidKey(item);
    expect(item.question!.text).toBe('<p>Read the sentences and drag the missing words.</p>');
    expect(keyOf(item).blanks.map(({ id: _id, ...b }: any) => b)).toEqual([
      { before: 'The', after: '', answer: 'dog', options: ['dog', 'cat', 'cow'] },
      { before: 'barks and the', after: 'meows.', answer: 'cat', options: ['dog', 'cat', 'cow'] },
    ]);
  });

  it('lists the types it cannot represent, with their metadata, instead of dropping them', () => {
    const what = (name: string) => byName(items, name).unsupported;
    expect(what('Square root')).toEqual({ key: 'interchange.problems.unsupported', params: { what: 'numerical' } });
    expect(what('Instructions')!.params).toEqual({ what: 'description' });
    expect(byName(items, 'Square root').metadata).toEqual({ skill: { en: 'Numbers' } });
    expect(byName(items, 'Square root').question).toBeUndefined();
  });

  it('reads the sample cloze as a typed blank (issue 40)', () => {
    const cloze = byName(items, 'Cloze');
    expectValidKey(cloze);
    expect(keyOf(cloze).blanks).toEqual([
      { id: expect.any(String), before: 'The capital of France is', after: '.', answer: 'Paris' },
    ]);
  });

  it('reports a single choice without exactly one right answer, and notes part credit it cannot give', () => {
    const item = byName(items, 'No right answer');
    expect(item.problems).toEqual([{ key: 'interchange.problems.choice_key' }]);
    expect(item.notes).toEqual([{ key: 'interchange.problems.partial_credit_dropped', params: { answers: 'One' } }]);
  });
});

describe('Moodle XML: details', () => {
  it('caps the word limit at the bank limit and defaults it to 500', () => {
    const { items } = readMoodleXml(
      quiz(question('essay', '<maxwordlimit>99999</maxwordlimit>'), question('essay', '<maxwordlimit></maxwordlimit>')),
    );
    expect(items.map((i) => keyOf(i).max_words)).toEqual([5000, 500]);
    expect(items[0].question!.mark).toBe(1);
  });

  it('rounds the mark to two decimals', () => {
    const { items } = readMoodleXml(quiz(question('essay', '<defaultgrade>1.3333333</defaultgrade>')));
    expect(items[0].question!.mark).toBe(1.33);
  });

  it('marks an ALL_OR_NOTHING ordering all or nothing', () => {
    const answers = ['one', 'two', 'three'].map((t) => `<answer fraction="1"><text>${t}</text></answer>`).join('');
    const { items } = readMoodleXml(quiz(question('ordering', `<gradingtype>ALL_OR_NOTHING</gradingtype>${answers}`)));
    expectValidKey(items[0]);
    expect(items[0].question!.mark_option).toBe('all_or_nothing');
    expect(keyOf(items[0]).items.map((i: any) => i.text)).toEqual(['one', 'two', 'three']);
  });

  it('keeps one of two options that blanks would compare alike, with a note', () => {
    const options = ['مدرسة', 'مدرسه', 'سوق']
      .map((t) => `<selectoption><text>${t}</text><group>1</group></selectoption>`)
      .join('');
    const { items } = readMoodleXml(quiz(question('gapselect', options, '<p>ذهب إلى [[1]].</p>')));
    expectValidKey(items[0]);
    expect(keyOf(items[0]).blanks[0].options).toEqual(['مدرسة', 'سوق']);
    expect(items[0].notes).toEqual([
      { key: 'interchange.problems.duplicate_options_dropped', params: { answers: 'مدرسه' } },
    ]);
  });

  it('reports a gap naming no choice as unreadable, and still reads the other questions', () => {
    const { items } = readMoodleXml(
      quiz(
        question('gapselect', '<selectoption><text>a</text><group>1</group></selectoption>', '<p>[[3]]</p>'),
        question(
          'truefalse',
          '<answer fraction="0"><text>true</text></answer><answer fraction="100"><text>false</text></answer>',
        ),
      ),
    );
    expect(items[0].problems).toContainEqual({ key: 'interchange.problems.unreadable_question' });
    expectValidKey(items[1]);
    expect(keyOf(items[1])).toEqual({ correct: false });
  });

  it('reports a key the bank would refuse as unreadable, with the reason', () => {
    const { items } = readMoodleXml(quiz(question('multichoice', '<answer fraction="100"><text>Only</text></answer>')));
    expect(items[0].problems).toEqual([
      { key: 'interchange.problems.unreadable_question', params: { reason: 'questions.min_two_options' } },
    ]);
  });

  it("refuses a short answer using Moodle's wildcard, and reads an escaped star as a star", () => {
    const { items } = readMoodleXml(
      quiz(
        question('shortanswer', '<answer fraction="100"><text>Par*</text></answer>'),
        question('shortanswer', '<answer fraction="100"><text>5\\*3</text></answer>'),
      ),
    );
    expect(items[0].problems).toEqual([{ key: 'interchange.problems.wildcard_answer', params: { answer: 'Par*' } }]);
    expectValidKey(items[1]);
    expect(keyOf(items[1]).blanks[0].answer).toBe('5*3');
  });

  it('takes audio as audio media, reports a file the text names but the file lacks, and keeps names safe', () => {
    const { items, media } = readMoodleXml(
      quiz(
        question(
          'essay',
          '',
          '<p>Listen.</p><p><audio controls><source src="@@PLUGINFILE@@/../talk.mp3"></audio></p>' +
            '<p><a href="@@PLUGINFILE@@/missing.png">missing.png</a></p>',
        ).replace('</questiontext>', '<file name="../talk.mp3" path="/" encoding="base64">SUQz</file></questiontext>'),
      ),
    );
    expect(items[0].media).toBe('moodle/1/talk.mp3');
    expect(items[0].question).toMatchObject({ media_type: 'audio', text: '<p>Listen.</p>' });
    expect([...media.get('moodle/1/talk.mp3')!]).toEqual([0x49, 0x44, 0x33]);
    expect(items[0].problems).toEqual([{ key: 'interchange.problems.media_missing', params: { name: 'missing.png' } }]);
  });

  it("takes Moodle's older picture (<image> and <image_base64>) as the media, and says when it is not carried", () => {
    const { items, media } = readMoodleXml(
      quiz(
        question('essay', `<image>maps/oasis.png</image><image_base64>${PNG_BASE64}</image_base64>`),
        question('essay', '<image>https://example.com/dunes.png</image>'),
        question(
          'essay',
          `<image>second.png</image><image_base64>${PNG_BASE64}</image_base64>`,
          '<p>Look.</p><p><img src="@@PLUGINFILE@@/first.png"></p>',
        ).replace('</questiontext>', `<file name="first.png" encoding="base64">${PNG_BASE64}</file></questiontext>`),
      ),
    );
    expect(items[0].media).toBe('moodle/1/oasis.png');
    expect(items[0].question!.media_type).toBe('image');
    expect(Buffer.from(media.get('moodle/1/oasis.png')!).toString('base64')).toBe(PNG_BASE64);
    expect(items[1].media).toBeUndefined();
    expect(items[1].notes).toContainEqual({
      key: 'interchange.problems.picture_not_carried',
      params: { name: 'https://example.com/dunes.png' },
    });
    expect(items[2].media).toBe('moodle/3/first.png');
    expect(items[2].notes).toContainEqual({
      key: 'interchange.problems.extra_media_dropped',
      params: { name: 'second.png' },
    });
  });

  it('reads a cloze of short answers, exact numbers and choices as blanks marked by share (issue 40)', () => {
    const text =
      '<p>Read the sentences.</p>' +
      '<p>The sun is a {1:MULTICHOICE:=star#Yes~planet#No~moon}.</p>' +
      '<p>A week has {2:NUMERICAL:=7:0} days, and Riyadh is in {1:SHORTANSWER:=Saudi Arabia~%50%KSA}.</p>' +
      '<p>Braces: {1:SA:=a\\}b}</p>';
    const [cloze] = readMoodleXml(quiz(question('cloze', '', text))).items;
    expectValidKey(cloze);
    expect(cloze.question!.mark_option).toBe('partial');
    expect(cloze.question!.text).toBe('<p>Read the sentences.</p>');
    expect(keyOf(cloze).blanks.map((b: { answer: string; options?: string[] }) => [b.answer, b.options])).toEqual([
      ['star', ['star', 'planet', 'moon']],
      ['7', undefined],
      ['Saudi Arabia', undefined],
      ['a}b', undefined],
    ]);
    expect(keyOf(cloze).blanks[2].before).toBe('days, and Riyadh is in');
    expect(cloze.notes).toEqual([
      { key: 'interchange.problems.extra_answers_dropped', params: { answers: 'KSA' } },
      { key: 'interchange.problems.feedback_dropped' },
    ]);
    // Several responses, a tolerance and a wildcard are not what a blank can score.
    for (const sub of ['{1:MULTIRESPONSE:=a~=b~c}', '{1:NUMERICAL:=7:1}', '{1:SA:=Ri*}'])
      expect(readMoodleXml(quiz(question('cloze', '', `<p>X ${sub}.</p>`))).items[0].problems).toEqual([
        { key: 'interchange.problems.unreadable_question' },
      ]);
  });

  it('refuses a document type declaring entities', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><quiz>${question('essay', '')}</quiz>`;
    expect(() => readMoodleXml(xxe)).toThrow(expect.objectContaining({ reason: 'interchange.errors.xml_entities' }));
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><quiz/>`;
    expect(() => readMoodleXml(laughs)).toThrow(expect.objectContaining({ reason: 'interchange.errors.xml_entities' }));
  });

  it('refuses malformed XML and XML that is not a Moodle quiz', () => {
    const unreadable = expect.objectContaining({ reason: 'interchange.errors.xml_unreadable' });
    expect(() => readMoodleXml('<quiz><question type="essay"></quiz>')).toThrow(unreadable);
    expect(() => readMoodleXml('not xml at all')).toThrow(unreadable);
    expect(() => readMoodleXml('<?xml version="1.0"?><assessmentItem/>')).toThrow(unreadable);
  });
});

describe('gap text layout', () => {
  it('cuts the paragraphs with gaps into blanks and keeps the others as text', () => {
    const layout = layoutGapText(
      '<p>Intro <b>bold</b>.</p><div>A [[1]] b [[2]] c</div><p>[[3]] end &amp; more</p>',
      'en',
    );
    expect(layout.text).toBe('<p>Intro <b>bold</b>.</p>');
    expect(layout.gaps).toEqual([
      { key: '1', before: 'A', after: '' },
      { key: '2', before: 'b', after: 'c' },
      { key: '3', before: '', after: 'end & more' },
    ]);
  });

  it('uses the default instruction by language when no text is left, and any marker pattern', () => {
    expect(layoutGapText('<p>الولد [[1]]</p>', 'ar').text).toBe('<p>املأ الفراغات.</p>');
    const layout = layoutGapText('Plain {gap} text', 'en', /\{gap\}/);
    expect(layout).toEqual({
      text: '<p>Fill in the blanks.</p>',
      gaps: [{ key: '{gap}', before: 'Plain', after: 'text' }],
    });
  });
});
