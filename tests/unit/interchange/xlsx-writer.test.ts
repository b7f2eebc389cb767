import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { AnswerKind } from '../../../schemas/parts/question-kinds';
import { ANSWER_KINDS } from '../../../schemas/parts/question-kinds';
import { LOOKUP_FIELDS, type LookupField } from '../../../src/server/interchange/interchange-item';
import type { LookupRow } from '../../../src/server/interchange/lookup-tables';
import type { ExportQuestion } from '../../../src/server/interchange/qti/qti-item-writer';
import type { PackageQuestion } from '../../../src/server/interchange/qti/qti-package-writer';
import { headersIn, XLSX_COLUMNS, type XlsxColumn } from '../../../src/server/interchange/xlsx-columns';
import { readQuestionWorkbook } from '../../../src/server/interchange/xlsx-reader';
import { bankWorkbook, questionTemplate } from '../../../src/server/interchange/xlsx-writer';
import { expectValid, withoutIds } from './xlsx-checks';

/* eslint-disable @typescript-eslint/no-explicit-any -- keys are checked by their schema, then read loosely */

const opt = (id: string, text: string, correct = false) => ({ id, text, correct });

/** One question of each answer type, in both content languages, some with media and instruction audio. */
const KEYS: Record<AnswerKind, { text: string; lang: 'en' | 'ar'; mark: number; partial?: boolean; key: unknown }> = {
  single_choice: {
    text: '<p>What is the <b>capital</b> of France?</p>',
    lang: 'en',
    mark: 2.5,
    key: { options: [opt('a', 'Lyon'), opt('b', '<p>Paris</p>', true), opt('c', 'Nice')] },
  },
  multiple_choice: {
    text: '<p>أيّ هذه الأعداد أولية؟</p>',
    lang: 'ar',
    mark: 3,
    partial: true,
    key: { options: [opt('a', '٢', true), opt('b', '٣', true), opt('c', '٤')] },
  },
  true_false: { text: '<p>الشمس نجم.</p>', lang: 'ar', mark: 1, key: { correct: false } },
  essay: { text: '<p>Describe a journey.</p>', lang: 'en', mark: 10, key: { max_words: 250 } },
  fill_blanks: {
    text: '<p>Complete.</p>',
    lang: 'en',
    mark: 4,
    partial: true,
    key: {
      blanks: [
        { id: 'x', before: 'Water boils at ', answer: '100', after: ' degrees.' },
        { id: 'y', before: '', answer: 'a|b', after: 'end', options: ['a|b', 'c\\d', 'e'] },
      ],
    },
  },
  reordering: {
    text: '<p>رتّب.</p>',
    lang: 'ar',
    mark: 2,
    key: {
      items: [
        { id: 'i1', text: 'أولًا' },
        { id: 'i2', text: 'ثانيًا' },
        { id: 'i3', text: '=1+1' },
      ],
    },
  },
  matching: {
    text: '<p>Match.</p>',
    lang: 'en',
    mark: 2,
    partial: true,
    key: {
      pairs: [
        { id: 'p1', left: 'Egypt', right_id: 'r1', right: 'Cairo' },
        { id: 'p2', left: 'Japan', right_id: 'r2', right: 'Tokyo' },
      ],
    },
  },
  audio_response: { text: '<p>اقرأ بصوت مسموع.</p>', lang: 'ar', mark: 5, key: { max_duration_seconds: 90 } },
  categorizing: {
    text: '<p>Sort.</p>',
    lang: 'en',
    mark: 3,
    partial: true,
    key: {
      categories: [
        {
          id: 'c1',
          name: 'Mammals',
          options: [
            { id: 'o1', text: 'Cat' },
            { id: 'o2', text: 'Whale' },
          ],
        },
        { id: 'c2', name: 'Birds', options: [{ id: 'o3', text: 'Eagle' }] },
      ],
    },
  },
  paragraph: {
    text: '<p>اقرأ ثم أجب.</p>',
    lang: 'ar',
    mark: 4.5,
    key: {
      passage: '<p>تزرع سلمى شجرة كل ربيع.</p>',
      children: [
        {
          id: 'k1',
          kind: 'true_false',
          text: 'نخلة؟',
          mark: 1,
          mark_option: 'all_or_nothing',
          definition: { correct: true },
        },
        {
          id: 'k2',
          kind: 'multiple_choice',
          text: 'متى؟',
          mark: 1.5,
          mark_option: 'partial',
          definition: { options: [opt('a', 'ربيع', true), opt('b', 'شتاء')] },
        },
        {
          id: 'k3',
          kind: 'categorizing',
          text: 'صنّف',
          mark: 1,
          mark_option: 'all_or_nothing',
          definition: {
            categories: [
              { id: 'c1', name: 'أ', options: [{ id: 'o1', text: 'واحد' }] },
              { id: 'c2', name: 'ب', options: [{ id: 'o2', text: 'اثنان' }] },
            ],
          },
        },
        {
          id: 'k4',
          kind: 'essay',
          text: 'اكتب',
          mark: 1,
          mark_option: 'all_or_nothing',
          definition: { max_words: 50 },
        },
      ],
    },
  },
};

function bank(): PackageQuestion[] {
  return ANSWER_KINDS.map((kind, i) => {
    const k = KEYS[kind];
    const question: ExportQuestion = {
      identifier: `Q${i + 1}`,
      text: k.text,
      content_language: k.lang,
      answer_type: kind,
      answer_key: k.key,
      mark: k.mark,
      mark_option: k.partial ? 'partial' : 'all_or_nothing',
      media_type: i % 3 === 0 ? 'image' : i % 3 === 1 ? 'audio' : 'none',
      media: i % 3 === 2 ? null : `media/file-${i}.${i % 3 === 0 ? 'png' : 'mp3'}`,
      media_replay_count: i % 3 === 1 ? 2 : 0,
      instruction_audio: i === 4 ? 'media/instructions.mp3' : null,
    };
    const metadata = Object.fromEntries(
      LOOKUP_FIELDS.map((field) => [
        field,
        { en: `${field} ${i % 2}`, ar: `${field === 'skill' ? 'مهارة' : 'قيمة'} ${i % 2}` },
      ]),
    );
    return { question, metadata };
  });
}

describe.each(['en', 'ar'] as const)('XLSX round trip with %s headers', (language) => {
  it('gives back every question of the ten types: key (ids aside), text, marks, media and lookup names', async () => {
    const questions = bank();
    const items = await readQuestionWorkbook(await bankWorkbook(questions, language));
    expect(items).toHaveLength(10);
    items.forEach((item, i) => {
      const { question, metadata } = questions[i];
      expectValid(item);
      expect(item.identifier).toBe(question.identifier);
      expect(withoutIds(item.question!.answer_key)).toEqual(withoutIds(question.answer_key));
      expect(item.question).toMatchObject({
        text: question.text,
        content_language: question.content_language,
        answer_type: question.answer_type,
        mark: question.mark,
        mark_option: question.mark_option,
        media_type: question.media_type,
        media_replay_count: question.media_replay_count,
      });
      expect(item.media).toBe(question.media?.replace('media/', ''));
      expect(item.instructionAudio).toBe(question.instruction_audio?.replace('media/', ''));
      for (const field of LOOKUP_FIELDS)
        expect(item.metadata[field]).toEqual({ [language]: metadata[field]![language] });
    });
  });

  it('gives every part a fresh id, unique within its question', async () => {
    const items = await readQuestionWorkbook(await bankWorkbook(bank(), language));
    const ids = JSON.stringify(items.map((i) => i.question!.answer_key)).match(/"(?:right_)?id":"[^"]+"/g)!;
    expect(ids.length).toBeGreaterThan(20);
    expect(ids.some((id) => /"(a|b|p1|k1)"/.test(id))).toBe(false);
  });
});

const LOOKUPS: Record<LookupField, LookupRow[]> = {
  question_type: [{ id: 1, name_en: 'Recall', name_ar: 'تذكر' }],
  skill: [
    { id: 1, name_en: 'Reading', name_ar: 'القراءة' },
    { id: 2, name_en: 'Writing', name_ar: 'الكتابة' },
  ],
  difficulty_level: [
    { id: 1, name_en: 'Easy', name_ar: 'سهل' },
    { id: 2, name_en: 'Hard', name_ar: 'صعب' },
  ],
  cognitive_level: [{ id: 1, name_en: 'Apply', name_ar: 'تطبيق' }],
  learning_outcome: [
    { id: 1, name_en: 'Writes', name_ar: 'يكتب', skill_id: 2 },
    { id: 2, name_en: 'Reads', name_ar: 'يقرأ', skill_id: 1 },
  ],
  depth_of_knowledge: [{ id: 1, name_en: 'Level 1', name_ar: 'المستوى 1' }],
};

describe.each(['en', 'ar'] as const)('XLSX template in %s', (language) => {
  it('holds one valid example of each answer type, classified by the first lookup values', async () => {
    const items = await readQuestionWorkbook(await questionTemplate(language, LOOKUPS));
    expect(items.map((i) => i.question!.answer_type)).toEqual([...ANSWER_KINDS]);
    for (const item of items) {
      expectValid(item);
      expect(item.question!.content_language).toBe(language);
    }
    const name = (row: LookupRow) => ({ [language]: language === 'en' ? row.name_en : row.name_ar });
    expect(items[0].metadata).toEqual({
      question_type: name(LOOKUPS.question_type[0]),
      skill: name(LOOKUPS.skill[0]),
      difficulty_level: name(LOOKUPS.difficulty_level[0]),
      cognitive_level: name(LOOKUPS.cognitive_level[0]),
      learning_outcome: name(LOOKUPS.learning_outcome[1]),
      depth_of_knowledge: name(LOOKUPS.depth_of_knowledge[0]),
    });
  });

  it('has a reference sheet of types, mark options and every lookup in both languages, offered by drop-downs', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await questionTemplate(language, LOOKUPS)) as unknown as ArrayBuffer);
    const [questions, reference] = workbook.worksheets;
    expect(questions.name).toBe(language === 'en' ? 'Questions' : 'الأسئلة');
    expect(reference.name).toBe(language === 'en' ? 'Reference' : 'مرجع');
    expect(questions.getRow(1).values).toEqual([undefined, ...headersIn(language)]);
    const columns: string[][] = [];
    reference.columns.forEach((c) => columns.push((c.values as unknown[]).slice(1).map(String)));
    const columnWith = (value: string) => columns.find((c) => c.includes(value));
    expect(columnWith('single_choice')).toEqual(expect.arrayContaining([...ANSWER_KINDS]));
    expect(columnWith('partial')).toEqual(expect.arrayContaining(['all_or_nothing', 'partial']));
    for (const rows of Object.values(LOOKUPS)) {
      expect(columnWith(rows[0].name_en)).toEqual(expect.arrayContaining(rows.map((r) => r.name_en)));
      expect(columnWith(rows[0].name_ar)).toEqual(expect.arrayContaining(rows.map((r) => r.name_ar)));
    }
    const letter = (key: XlsxColumn) => questions.getColumn(XLSX_COLUMNS.findIndex((c) => c.key === key) + 1).letter;
    const sourceOf = (key: XlsxColumn) => {
      const rule = questions.getCell(`${letter(key)}50`).dataValidation as any;
      expect(rule?.type).toBe('list');
      const [, column, from, to] = /!\$([A-Z]+)\$(\d+):\$[A-Z]+\$(\d+)$/.exec(rule.formulae[0])!;
      return reference
        .getColumn(column)
        .values.slice(Number(from), Number(to) + 1)
        .map(String);
    };
    expect(sourceOf('type')).toEqual([...ANSWER_KINDS]);
    expect(sourceOf('mark_option')).toEqual(['all_or_nothing', 'partial']);
    expect(sourceOf('skill')).toEqual(LOOKUPS.skill.map((r) => (language === 'en' ? r.name_en : r.name_ar)));
    for (const field of LOOKUP_FIELDS) expect(sourceOf(field)).toHaveLength(LOOKUPS[field].length);
  });
});
