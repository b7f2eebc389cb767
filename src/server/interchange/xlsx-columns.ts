import type { AnswerKind, MarkOption } from '../../../schemas/parts/question-kinds';
import { translate } from '../http/i18n';
import { LOOKUP_FIELDS, lookupColumn, MEDIA_FIELDS, QUESTION_FIELDS, VALUE_FIELDS } from './question-fields';

/**
 * The words of the question spreadsheet: its columns, the kinds of row, and the codes its cells
 * hold. The columns are the declaration's (schemas/questions-bank.ts, through question-fields.ts),
 * labelled from the catalogs (`interchange.sheet.columns.<key>`, else the field's own label), so a
 * declared field is a column of the template, the export and the reader with no change here. A
 * file is read with either language's headers (in any case, spaces or underscores alike), the
 * column keys or the field names; codes (`single_choice`, `partial`, `option`…) are the same in
 * both templates, and their names in either language are accepted too.
 */

export type SheetLanguage = 'en' | 'ar';
const LANGUAGES: readonly SheetLanguage[] = ['en', 'ar'];

/** A column's key: a field's, a lookup's name (`skill`), or one of the sheet's own (`row`, `ref`, the answer's parts). */
export type XlsxColumn = string;

/** Where a column's value comes from: the sheet's layout, a field's value, a lookup, a file, or the answer. */
export type ColumnSource = 'sheet' | 'value' | 'lookup' | 'file' | 'answer';

export interface SheetColumn {
  key: XlsxColumn;
  /** The declared field it holds (`answer_type`, `media`, `skill_id`), if any. */
  field?: string;
  source: ColumnSource;
  en: string;
  ar: string;
}

/** The columns the template has always had under another key than their field's (headers may name either). */
const LEGACY_KEYS: Readonly<Record<string, XlsxColumn>> = {
  answer_type: 'type',
  media: 'media_file',
  media_replay_count: 'replay_count',
};

/** The parts of an answer, written on its own row or on part rows (xlsx-answer-keys.ts reads them). */
const ANSWER_PART_COLUMNS = [
  'correct',
  'passage',
  'max_words',
  'max_duration',
  'category',
  'right',
  'before',
  'answer',
  'after',
  'options',
] as const;

/** `skill_level` -> `Skill level`: a label for a field the catalogs do not name yet. */
const words = (name: string) =>
  name
    .replace(/_ids?$/, '')
    .replace(/_/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

/** A catalog message, or `fallback` when the catalog has none. */
const message = (language: SheetLanguage, key: string, fallback: string) => translate(language, key, { _: fallback });

function column(key: XlsxColumn, source: ColumnSource, field?: string): SheetColumn {
  const labelIn = (language: SheetLanguage) =>
    message(
      language,
      `interchange.sheet.columns.${key}`,
      field ? message(language, `resources.questions-bank.fields.${field}`, words(field)) : words(key),
    );
  return { key, source, ...(field ? { field } : {}), en: labelIn('en'), ar: labelIn('ar') };
}

const keyOf = (field: string) => LEGACY_KEYS[field] ?? field;

/**
 * The columns, in order: the row's kind and name, the answer type, the declared values, the parts
 * of answers, the files, then the lookups.
 */
export const XLSX_COLUMNS: readonly SheetColumn[] = [
  column('row', 'sheet'),
  column('ref', 'sheet'),
  column(keyOf('answer_type'), 'answer', 'answer_type'),
  ...VALUE_FIELDS.map((field) => column(keyOf(field), 'value', field)),
  ...ANSWER_PART_COLUMNS.map((key) => column(key, 'answer')),
  ...MEDIA_FIELDS.map((field) => column(keyOf(field), 'file', field)),
  ...LOOKUP_FIELDS.map((field) => column(field, 'lookup', lookupColumn(field))),
];

/** The column of a field: `media` -> `media_file`, `skill_id` -> `skill`. */
export const columnOf = (field: string): XlsxColumn => XLSX_COLUMNS.find((c) => c.field === field)?.key ?? keyOf(field);

/** A row of the sheet by column key, as text (empty when absent), with its number in the sheet. */
export interface SheetRow {
  row: number;
  cells: Partial<Record<XlsxColumn, string>>;
}

/** How a label or a code is compared: trimmed, lower case, spaces and underscores alike. */
export const normalise = (text: string): string =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

const HEADERS = new Map<string, XlsxColumn>(
  XLSX_COLUMNS.flatMap((c) =>
    [c.en, c.ar, c.key, ...(c.field ? [c.field] : [])].map((name): [string, XlsxColumn] => [normalise(name), c.key]),
  ),
  // Templates written before the one-term rule named the row column with الصف (the grade's word).
).set(normalise('نوع الصف'), 'row');

/** The column a header names (either language, the key or the field), or undefined. */
export const columnOfHeader = (header: string): XlsxColumn | undefined => HEADERS.get(normalise(header));

export const headersIn = (language: SheetLanguage): string[] => XLSX_COLUMNS.map((c) => c[language]);

const bothLanguages = (key: string) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, translate(language, key)])) as Record<
    SheetLanguage,
    string
  >;

/** The sheets' names in each language; a file's question sheet is found by either (else its first sheet). */
export const SHEET_NAMES = {
  questions: bothLanguages('interchange.sheet.names.questions'),
  reference: bothLanguages('interchange.sheet.names.reference'),
};

/** The reference sheet's own titles. */
export const REFERENCE_TITLES = {
  meaning: bothLanguages('interchange.sheet.meaning'),
  in_english: bothLanguages('interchange.sheet.in_english'),
  in_arabic: bothLanguages('interchange.sheet.in_arabic'),
};

/** The kinds of row: a question, a related question of a paragraph, or a part of the question above. */
export const ROW_KIND_CODES = ['question', 'option', 'item', 'order', 'pair', 'category', 'blank', 'child'] as const;
export type RowKind = (typeof ROW_KIND_CODES)[number];

/** What each kind of row holds, for the reference sheet. */
export const ROW_KINDS = Object.fromEntries(
  ROW_KIND_CODES.map((kind) => [kind, bothLanguages(`interchange.sheet.rows.${kind}`)]),
) as Record<RowKind, Record<SheetLanguage, string>>;

// The Arabic words a row may be named by instead of its code.
const ROW_WORDS: Record<string, RowKind> = {
  سؤال: 'question',
  خيار: 'option',
  عنصر: 'item',
  'ترتيب مقبول': 'order',
  زوج: 'pair',
  فئة: 'category',
  فراغ: 'blank',
  'سؤال مرتبط': 'child',
};

/** The kind a `row` cell names (its code or Arabic word), or undefined. */
export function rowKindOf(text: string): RowKind | undefined {
  const word = normalise(text);
  if ((ROW_KIND_CODES as readonly string[]).includes(word)) return word as RowKind;
  return Object.hasOwn(ROW_WORDS, word) ? ROW_WORDS[word] : undefined;
}

/** A choice field's codes, each named in both languages (`resources.questions-bank.choices.<field>`). */
export function choiceLabels<C extends string = string>(field: string): Record<C, Record<SheetLanguage, string>> {
  const declared = QUESTION_FIELDS[field];
  const codes = declared?.type === 'choice' ? declared.choices : [];
  return Object.fromEntries(
    codes.map((code) => [
      code,
      Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          message(language, `resources.questions-bank.choices.${field}.${code}`, code),
        ]),
      ),
    ]),
  ) as Record<C, Record<SheetLanguage, string>>;
}

/** What a choice field's codes mean on the reference sheet: `interchange.sheet.meanings`, else their names. */
export function choiceMeanings(field: string): Record<string, Record<SheetLanguage, string>> {
  const named = choiceLabels(field);
  const meaning = (code: string, language: SheetLanguage) =>
    message(language, `interchange.sheet.meanings.${field}.${code}`, named[code][language]);
  return Object.fromEntries(
    Object.keys(named).map((code) => [code, { en: meaning(code, 'en'), ar: meaning(code, 'ar') }]),
  );
}

/** Each answer type's name, as the question editor shows it; a file may name a type by it. */
export const TYPE_NAMES = choiceLabels<AnswerKind>('answer_type');
export const MARK_OPTION_LABELS = choiceLabels<MarkOption>('mark_option');
export const MEDIA_TYPE_LABELS = choiceLabels<'none' | 'image' | 'audio'>('media_type');
export const LANGUAGE_LABELS = choiceLabels<SheetLanguage>('content_language');

/** A code as a cell holds it (`partial`, `الإنجليزية`…) looked up among `labels`' keys and their labels. */
export function codeOf<C extends string>(
  text: string,
  labels: Record<C, Record<SheetLanguage, string>>,
): C | undefined {
  const word = normalise(text);
  for (const code of Object.keys(labels) as C[])
    if ([code, labels[code].en, labels[code].ar].some((w) => normalise(w) === word)) return code;
  return undefined;
}

const TRUE_WORDS = ['true', 'yes', 'y', '1', 'x', 'correct', 'صواب', 'صح', 'صحيح', 'صحيحة', 'نعم'];
const FALSE_WORDS = ['false', 'no', 'n', '0', 'wrong', 'خطأ', 'خاطئ', 'خاطئة', 'لا'];

/** A `correct` cell: true, false, or undefined when blank; null when it is neither. */
export function booleanOf(text: string): boolean | undefined | null {
  const word = normalise(text);
  if (word === '') return undefined;
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  return null;
}
