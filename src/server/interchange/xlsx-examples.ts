import type { AnswerKind, MarkOption } from '../../../schemas/parts/question-kinds';
import { LOOKUP_FIELDS, type LookupField, type LookupName } from './interchange-item';
import type { LookupRow } from './lookup-tables';
import type { ExportQuestion } from './qti/qti-item-writer';
import type { PackageQuestion } from './qti/qti-package-writer';
import { lookupColumn, lookupField } from './question-fields';
import type { SheetLanguage } from './xlsx-columns';

/**
 * The template's example questions, one of each answer type, in the template's language. Part
 * ids are placeholders: the sheet does not carry them, and an import gives every part a new one.
 */

interface Example {
  type: AnswerKind;
  text: string;
  mark: number;
  mark_option?: MarkOption;
  key: unknown;
}

const opts = (texts: string[], correct: number[]) =>
  texts.map((text, i) => ({ id: `o${i + 1}`, text, correct: correct.includes(i) }));
const texts = (prefix: string, values: string[]) => values.map((text, i) => ({ id: `${prefix}${i + 1}`, text }));

const EN: Example[] = [
  {
    type: 'single_choice',
    text: '<p>What is the capital of France?</p>',
    mark: 1,
    key: { options: opts(['Lyon', 'Paris', 'Nice'], [1]) },
  },
  {
    type: 'multiple_choice',
    text: '<p>Which of these are prime numbers?</p>',
    mark: 2,
    mark_option: 'partial',
    key: { options: opts(['2', '3', '4', '9'], [0, 1]) },
  },
  { type: 'true_false', text: '<p>The sun is a star.</p>', mark: 1, key: { correct: true } },
  { type: 'essay', text: '<p>Describe your favourite place.</p>', mark: 5, key: { max_words: 150 } },
  {
    type: 'fill_blanks',
    text: '<p>Complete the sentences.</p>',
    mark: 2,
    mark_option: 'partial',
    key: {
      blanks: [
        { id: 'b1', before: 'Water boils at', answer: '100', after: 'degrees Celsius.' },
        {
          id: 'b2',
          before: 'The largest planet is',
          answer: 'Jupiter',
          after: '.',
          options: ['Mars', 'Jupiter', 'Venus'],
        },
      ],
    },
  },
  {
    type: 'reordering',
    text: '<p>Put the numbers in order, smallest first.</p>',
    mark: 1,
    key: { items: texts('i', ['1', '5', '12']) },
  },
  {
    type: 'matching',
    text: '<p>Match each country with its capital.</p>',
    mark: 2,
    mark_option: 'partial',
    key: {
      pairs: [
        { id: 'p1', left: 'Egypt', right_id: 'r1', right: 'Cairo' },
        { id: 'p2', left: 'Japan', right_id: 'r2', right: 'Tokyo' },
      ],
    },
  },
  { type: 'audio_response', text: '<p>Read the poem aloud.</p>', mark: 3, key: { max_duration_seconds: 60 } },
  {
    type: 'categorizing',
    text: '<p>Sort the animals.</p>',
    mark: 2,
    mark_option: 'partial',
    key: {
      categories: [
        { id: 'c1', name: 'Mammals', options: texts('m', ['Cat', 'Whale']) },
        { id: 'c2', name: 'Birds', options: texts('b', ['Eagle']) },
      ],
    },
  },
  {
    type: 'paragraph',
    text: '<p>Read the passage and answer the questions.</p>',
    mark: 3,
    key: {
      passage: '<p>Salma plants a tree every spring. This year she planted an olive tree.</p>',
      children: [
        {
          id: 'k1',
          kind: 'true_false',
          text: '<p>Salma planted a palm tree.</p>',
          mark: 1,
          mark_option: 'all_or_nothing',
          definition: { correct: false },
        },
        {
          id: 'k2',
          kind: 'single_choice',
          text: '<p>When does Salma plant a tree?</p>',
          mark: 2,
          mark_option: 'all_or_nothing',
          definition: { options: opts(['Every spring', 'Every winter'], [0]) },
        },
      ],
    },
  },
];

const AR: Example[] = [
  {
    type: 'single_choice',
    text: '<p>ما عاصمة فرنسا؟</p>',
    mark: 1,
    key: { options: opts(['ليون', 'باريس', 'نيس'], [1]) },
  },
  {
    type: 'multiple_choice',
    text: '<p>أيّ هذه الأعداد أعداد أولية؟</p>',
    mark: 2,
    mark_option: 'partial',
    key: { options: opts(['٢', '٣', '٤', '٩'], [0, 1]) },
  },
  { type: 'true_false', text: '<p>الشمس نجم.</p>', mark: 1, key: { correct: true } },
  { type: 'essay', text: '<p>صف مكانك المفضل.</p>', mark: 5, key: { max_words: 150 } },
  {
    type: 'fill_blanks',
    text: '<p>أكمل الجمل.</p>',
    mark: 2,
    mark_option: 'partial',
    key: {
      blanks: [
        { id: 'b1', before: 'يغلي الماء عند', answer: '100', after: 'درجة مئوية.' },
        {
          id: 'b2',
          before: 'أكبر الكواكب هو',
          answer: 'المشتري',
          after: '.',
          options: ['المريخ', 'المشتري', 'الزهرة'],
        },
      ],
    },
  },
  {
    type: 'reordering',
    text: '<p>رتّب الأعداد من الأصغر إلى الأكبر.</p>',
    mark: 1,
    key: { items: texts('i', ['١', '٥', '١٢']) },
  },
  {
    type: 'matching',
    text: '<p>صِل كل دولة بعاصمتها.</p>',
    mark: 2,
    mark_option: 'partial',
    key: {
      pairs: [
        { id: 'p1', left: 'مصر', right_id: 'r1', right: 'القاهرة' },
        { id: 'p2', left: 'اليابان', right_id: 'r2', right: 'طوكيو' },
      ],
    },
  },
  { type: 'audio_response', text: '<p>اقرأ القصيدة بصوت مسموع.</p>', mark: 3, key: { max_duration_seconds: 60 } },
  {
    type: 'categorizing',
    text: '<p>صنّف الحيوانات.</p>',
    mark: 2,
    mark_option: 'partial',
    key: {
      categories: [
        { id: 'c1', name: 'الثدييات', options: texts('m', ['القط', 'الحوت']) },
        { id: 'c2', name: 'الطيور', options: texts('b', ['النسر']) },
      ],
    },
  },
  {
    type: 'paragraph',
    text: '<p>اقرأ الفقرة ثم أجب عن الأسئلة.</p>',
    mark: 3,
    key: {
      passage: '<p>تزرع سلمى شجرة كل ربيع. وزرعت هذا العام شجرة زيتون.</p>',
      children: [
        {
          id: 'k1',
          kind: 'true_false',
          text: '<p>زرعت سلمى نخلة.</p>',
          mark: 1,
          mark_option: 'all_or_nothing',
          definition: { correct: false },
        },
        {
          id: 'k2',
          kind: 'single_choice',
          text: '<p>متى تزرع سلمى شجرة؟</p>',
          mark: 2,
          mark_option: 'all_or_nothing',
          definition: { options: opts(['كل ربيع', 'كل شتاء'], [0]) },
        },
      ],
    },
  },
];

/**
 * A classification for the examples: each lookup's first value, one that agrees with the values
 * chosen for the lookups it must agree with (a learning outcome of the chosen skill) when there is one.
 */
function exampleMetadata(lookups: Record<LookupField, LookupRow[]>): Partial<Record<LookupField, LookupName>> {
  const metadata: Partial<Record<LookupField, LookupName>> = {};
  const chosen = new Map<LookupField, LookupRow>();
  for (const field of LOOKUP_FIELDS) {
    const rows = lookups[field] ?? [];
    const agrees = (row: LookupRow) =>
      lookupField(field).within.every(
        (other) => !chosen.has(other) || row[lookupColumn(other)] === chosen.get(other)!.id,
      );
    const row = rows.find(agrees) ?? rows[0];
    if (!row) continue;
    chosen.set(field, row);
    metadata[field] = { en: row.name_en, ar: row.name_ar };
  }
  return metadata;
}

/** The template's examples as questions to write, classified by the platform's first lookup values. */
export function exampleQuestions(
  language: SheetLanguage,
  lookups: Record<LookupField, LookupRow[]>,
): PackageQuestion[] {
  const metadata = exampleMetadata(lookups);
  return (language === 'ar' ? AR : EN).map((example, i): PackageQuestion => {
    const question: ExportQuestion = {
      identifier: `${language === 'ar' ? 'مثال' : 'example'}-${i + 1}`,
      text: example.text,
      content_language: language,
      answer_type: example.type,
      answer_key: example.key,
      mark: example.mark,
      mark_option: example.mark_option ?? 'all_or_nothing',
      media_type: 'none',
      media: null,
      media_replay_count: 0,
      instruction_audio: null,
    };
    return { question, metadata };
  });
}
