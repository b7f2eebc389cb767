import type { AnswerKind, MarkOption } from '../../../schemas/parts/question-kinds';

/**
 * The words of the question spreadsheet: its columns, the kinds of row, and the codes its cells
 * hold, each with its label in both languages. A file is read with either language's headers (in
 * any case, spaces or underscores alike) or the column keys; codes (`single_choice`, `partial`,
 * `option`…) are the same in both templates, and the Arabic words for them are accepted too.
 */

export type SheetLanguage = 'en' | 'ar';

/** The columns, in order: question-row columns first, then the columns of part rows, then media and lookups. */
export const XLSX_COLUMNS = [
  { key: 'row', en: 'Row', ar: 'نوع السطر' },
  { key: 'ref', en: 'Ref', ar: 'المرجع' },
  { key: 'type', en: 'Answer type', ar: 'نوع الإجابة' },
  { key: 'text', en: 'Text', ar: 'النص' },
  { key: 'content_language', en: 'Content language', ar: 'لغة المحتوى' },
  { key: 'mark', en: 'Mark', ar: 'الدرجة' },
  { key: 'mark_option', en: 'Mark option', ar: 'خيارات الدرجة' },
  { key: 'correct', en: 'Correct', ar: 'صحيحة' },
  { key: 'passage', en: 'Passage', ar: 'نص الفقرة' },
  { key: 'max_words', en: 'Max words', ar: 'الحد الأقصى لعدد الكلمات' },
  { key: 'max_duration', en: 'Max duration (seconds)', ar: 'أقصى مدة للتسجيل (بالثواني)' },
  { key: 'category', en: 'Category', ar: 'الفئة' },
  { key: 'right', en: 'Matches', ar: 'ما يقابله' },
  { key: 'before', en: 'Text before blank', ar: 'النص قبل الفراغ' },
  { key: 'answer', en: 'Blank answer', ar: 'إجابة الفراغ' },
  { key: 'after', en: 'Text after blank', ar: 'النص بعد الفراغ' },
  { key: 'options', en: 'Blank options (separated by |)', ar: 'خيارات الفراغ (مفصولة بـ |)' },
  { key: 'media_type', en: 'Media type', ar: 'نوع الوسائط' },
  { key: 'media_file', en: 'Media file', ar: 'ملف الوسائط' },
  { key: 'replay_count', en: 'Replay count', ar: 'عدد مرات تشغيل الوسائط' },
  { key: 'instruction_audio', en: 'Instruction audio file', ar: 'ملف التعليمات الصوتية' },
  { key: 'question_type', en: 'Question type', ar: 'نوع السؤال' },
  { key: 'skill', en: 'Skill', ar: 'المهارة' },
  { key: 'difficulty_level', en: 'Difficulty level', ar: 'مستوى الصعوبة' },
  { key: 'cognitive_level', en: 'Cognitive level', ar: 'المستوى المعرفي' },
  { key: 'learning_outcome', en: 'Learning outcome', ar: 'ناتج التعلم' },
  { key: 'depth_of_knowledge', en: 'Depth of knowledge', ar: 'عمق المعرفة' },
] as const;

export type XlsxColumn = (typeof XLSX_COLUMNS)[number]['key'];

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
  XLSX_COLUMNS.flatMap((c) => [
    [normalise(c.en), c.key],
    [normalise(c.ar), c.key],
    [normalise(c.key), c.key],
  ]),
  // Templates written before the one-term rule named the row column with الصف (the grade's word).
).set(normalise('نوع الصف'), 'row');

/** The column a header names (either language, or the key), or undefined. */
export const columnOfHeader = (header: string): XlsxColumn | undefined => HEADERS.get(normalise(header));

export const headersIn = (language: SheetLanguage): string[] => XLSX_COLUMNS.map((c) => c[language]);

/** The sheets' names in each language; a file's question sheet is found by either (else its first sheet). */
export const SHEET_NAMES = {
  questions: { en: 'Questions', ar: 'الأسئلة' },
  reference: { en: 'Reference', ar: 'مرجع' },
} as const;

/** The kinds of row: a question, a related question of a paragraph, or a part of the question above. */
export const ROW_KINDS = {
  question: { en: 'A question: its type, text, mark and classification', ar: 'سؤال: نوعه ونصه ودرجته وتصنيفه' },
  option: {
    en: 'An option of the choice or categorizing question above (Correct: TRUE for the right ones)',
    ar: 'خيار لسؤال الاختيار أو التصنيف السابق (صحيحة: TRUE للخيارات الصحيحة)',
  },
  item: { en: 'An item to reorder, listed in the correct order', ar: 'عنصر للترتيب، بالترتيب الصحيح' },
  pair: { en: 'A matching pair: Text, and what it matches', ar: 'زوج للتوصيل: النص وما يقابله' },
  category: {
    en: 'A category; the option rows below it belong to it',
    ar: 'فئة؛ تنتمي إليها صفوف الخيارات التي تليها',
  },
  blank: {
    en: 'A blank: the text before it, its answer, the text after it, and choices if any',
    ar: 'فراغ: النص قبله وإجابته والنص بعده والخيارات إن وُجدت',
  },
  child: {
    en: 'A related question of the paragraph above, followed by its own part rows',
    ar: 'سؤال مرتبط بالفقرة السابقة، تليه صفوف أجزائه',
  },
} as const;

export type RowKind = keyof typeof ROW_KINDS;

const ROW_WORDS: Record<string, RowKind> = {
  سؤال: 'question',
  خيار: 'option',
  عنصر: 'item',
  زوج: 'pair',
  فئة: 'category',
  فراغ: 'blank',
  'سؤال مرتبط': 'child',
};

/** The kind a `row` cell names (its code or Arabic word), or undefined. */
export function rowKindOf(text: string): RowKind | undefined {
  const word = normalise(text);
  if (Object.hasOwn(ROW_KINDS, word)) return word as RowKind;
  return Object.hasOwn(ROW_WORDS, word) ? ROW_WORDS[word] : undefined;
}

/** Each answer type's name, as the question editor shows it; a file may name a type by it. */
export const TYPE_NAMES: Record<AnswerKind, Record<SheetLanguage, string>> = {
  single_choice: { en: 'Single choice', ar: 'اختيار من متعدد (إجابة واحدة)' },
  multiple_choice: { en: 'Multiple choice', ar: 'اختيار من متعدد (عدة إجابات)' },
  true_false: { en: 'True / false', ar: 'صواب / خطأ' },
  essay: { en: 'Essay', ar: 'سؤال مقالي' },
  fill_blanks: { en: 'Fill in the blanks', ar: 'ملء الفراغات' },
  reordering: { en: 'Reordering', ar: 'إعادة الترتيب' },
  matching: { en: 'Matching', ar: 'التوصيل' },
  audio_response: { en: 'Audio response', ar: 'إجابة صوتية' },
  categorizing: { en: 'Categorizing', ar: 'التصنيف في فئات' },
  paragraph: { en: 'Paragraph with related questions', ar: 'فقرة وأسئلة مرتبطة بها' },
};

/** Each answer type's one-line explanation, for the reference sheet. */
export const TYPE_EXPLANATIONS: Record<AnswerKind, Record<SheetLanguage, string>> = {
  single_choice: {
    en: 'Single choice: option rows, exactly one with Correct TRUE',
    ar: 'اختيار من متعدد (إجابة واحدة): صفوف خيارات، واحد منها فقط صحيح (TRUE)',
  },
  multiple_choice: {
    en: 'Multiple choice: option rows, at least one with Correct TRUE',
    ar: 'اختيار من متعدد (عدة إجابات): صفوف خيارات، واحد منها على الأقل صحيح (TRUE)',
  },
  true_false: {
    en: 'True / false: Correct on the question row (TRUE or FALSE)',
    ar: 'صواب / خطأ: عمود «صحيحة» في صف السؤال (TRUE أو FALSE)',
  },
  essay: {
    en: 'Essay, marked by a person: Max words on the question row',
    ar: 'سؤال مقالي يصححه معلم: الحد الأقصى لعدد الكلمات في صف السؤال',
  },
  fill_blanks: {
    en: 'Fill in the blanks: blank rows (text before, answer, text after, options separated by |)',
    ar: 'ملء الفراغات: صفوف فراغات (النص قبله، الإجابة، النص بعده، خيارات مفصولة بـ |)',
  },
  reordering: { en: 'Reordering: item rows in the correct order', ar: 'إعادة الترتيب: صفوف عناصر بالترتيب الصحيح' },
  matching: { en: 'Matching: pair rows (Text and Matches)', ar: 'التوصيل: صفوف أزواج (النص وما يقابله)' },
  audio_response: {
    en: 'Audio response, marked by a person: Max duration on the question row',
    ar: 'إجابة صوتية يصححها معلم: أقصى مدة للتسجيل في صف السؤال',
  },
  categorizing: {
    en: 'Categorizing: category rows, each followed by its option rows',
    ar: 'التصنيف في فئات: صفوف فئات، يلي كلًّا منها صفوف خياراتها',
  },
  paragraph: {
    en: 'Paragraph: the passage on the question row, then child rows (their mark adds up to the paragraph’s)',
    ar: 'فقرة وأسئلة مرتبطة بها: نص الفقرة في صف السؤال، ثم صفوف الأسئلة المرتبطة (مجموع درجاتها درجة الفقرة)',
  },
};

export const MARK_OPTION_LABELS: Record<MarkOption, Record<SheetLanguage, string>> = {
  all_or_nothing: { en: 'All or nothing', ar: 'الدرجة كاملة أو لا شيء' },
  partial: { en: 'Partial credit per correct part', ar: 'درجة جزئية لكل جزء صحيح' },
};

export const MEDIA_TYPE_LABELS: Record<'none' | 'image' | 'audio', Record<SheetLanguage, string>> = {
  none: { en: 'Without media', ar: 'بدون وسائط' },
  image: { en: 'Image', ar: 'صورة' },
  audio: { en: 'Audio', ar: 'صوت' },
};

export const LANGUAGE_LABELS: Record<SheetLanguage, Record<SheetLanguage, string>> = {
  en: { en: 'English', ar: 'الإنجليزية' },
  ar: { en: 'Arabic', ar: 'العربية' },
};

/** The reference sheet's titles. */
export const REFERENCE_TITLES = {
  type: { en: 'Answer type', ar: 'نوع الإجابة' },
  row: { en: 'Row', ar: 'نوع السطر' },
  mark_option: { en: 'Mark option', ar: 'خيارات الدرجة' },
  media_type: { en: 'Media type', ar: 'نوع الوسائط' },
  content_language: { en: 'Content language', ar: 'لغة المحتوى' },
  correct: { en: 'Correct', ar: 'صحيحة' },
  meaning: { en: 'Meaning', ar: 'المعنى' },
  in_english: { en: '(English)', ar: '(بالإنجليزية)' },
  in_arabic: { en: '(Arabic)', ar: '(بالعربية)' },
} as const;

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
