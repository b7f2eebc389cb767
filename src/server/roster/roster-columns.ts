import type { Language } from '../../../locales/index';

/**
 * The columns of the roster template, in order: the key every layer uses, and the header of each
 * language. An import accepts either header (in any case, spaces or underscores alike), so a file
 * saved from the Arabic template and one from the English template read the same; the export
 * writes the template's columns, so it imports back unchanged. A `wanted` column left empty is a
 * warning, not an error: the student is imported and listed as incomplete (a OneRoster file has no
 * column for the Arabic name, the gender or the nationality; issue 40).
 */
export const ROSTER_COLUMNS = [
  { key: 'student_number', en: 'Student number', ar: 'رقم الطالب', required: true },
  { key: 'name_en', en: 'Name (Latin script)', ar: 'الاسم بالأحرف اللاتينية', required: true },
  { key: 'name_ar', en: 'Name (Arabic)', ar: 'الاسم بالعربية', required: false, wanted: true },
  { key: 'school', en: 'School', ar: 'المدرسة', required: true },
  { key: 'grade', en: 'Grade', ar: 'الصف', required: true },
  { key: 'class', en: 'Class', ar: 'الشعبة', required: true },
  { key: 'level', en: 'Level', ar: 'المستوى', required: false },
  { key: 'gender', en: 'Gender', ar: 'الجنس', required: false, wanted: true },
  { key: 'nationality', en: 'Nationality', ar: 'الجنسية', required: false, wanted: true },
  { key: 'date_of_birth', en: 'Date of birth', ar: 'تاريخ الميلاد', required: false },
  { key: 'national_id', en: 'National id', ar: 'رقم الهوية الوطنية', required: false },
  { key: 'active', en: 'Active', ar: 'نشط', required: false },
  { key: 'extra_time_percent', en: 'Extra time (%)', ar: 'الوقت الإضافي (%)', required: false },
  { key: 'extra_time_reason', en: 'Extra time reason', ar: 'سبب الوقت الإضافي', required: false },
] as const;

export type RosterColumn = (typeof ROSTER_COLUMNS)[number]['key'];
/** One row of a roster file, by column, as text (empty when absent), with its line in the file. */
export interface RosterRow {
  row: number;
  values: Partial<Record<RosterColumn, string>>;
  /** A person of the file who is no student (a OneRoster teacher): their role there; left out, and said so. */
  skipped?: string;
  /** The grade is a CEDS code (`KG`, `04`: a OneRoster file's), read through the grades' codes. */
  cedsGrade?: boolean;
  /** The CEDS codes of a OneRoster class that spans grades (`["04", "05"]`): kept a class per grade. */
  classGrades?: string[];
  /**
   * Columns a blank cell of which keeps the student's value instead of clearing it: what the file
   * has no place for (a OneRoster set without demographics.csv or `metadata.ltm.*` columns).
   */
  kept?: ('date_of_birth' | 'national_id' | 'level')[];
}

const normalise = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

const HEADERS = new Map<string, RosterColumn>(
  ROSTER_COLUMNS.flatMap((column) => [
    [normalise(column.en), column.key],
    [normalise(column.ar), column.key],
    [normalise(column.key), column.key],
  ]),
);

/** The column a header names (either language, or the key), or undefined. */
export const columnOfHeader = (header: string): RosterColumn | undefined => HEADERS.get(normalise(header));

export const headersIn = (language: Language): string[] => ROSTER_COLUMNS.map((column) => column[language]);

/** The words a file may use for the choices, in either language; exports write the reader's. */
export const GENDER_WORDS: Record<Language, Record<'male' | 'female', string>> = {
  en: { male: 'male', female: 'female' },
  ar: { male: 'ذكر', female: 'أنثى' },
};
export const YES_NO_WORDS: Record<Language, Record<'yes' | 'no', string>> = {
  en: { yes: 'yes', no: 'no' },
  ar: { yes: 'نعم', no: 'لا' },
};

export function genderOf(text: string): 'male' | 'female' | undefined {
  const word = text.trim().toLowerCase();
  if (['male', 'm', 'ذكر'].includes(word)) return 'male';
  if (['female', 'f', 'أنثى', 'انثى'].includes(word)) return 'female';
  return undefined;
}

export function yesNoOf(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  if (['yes', 'y', 'true', '1', 'نعم', 'active'].includes(word)) return true;
  if (['no', 'n', 'false', '0', 'لا', 'inactive'].includes(word)) return false;
  return undefined;
}
