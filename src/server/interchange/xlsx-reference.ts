import type ExcelJS from 'exceljs';
import { LOOKUP_FIELDS, type LookupField } from './interchange-item';
import type { LookupRow } from './lookup-tables';
import { QUESTION_FIELDS } from './question-fields';
import {
  choiceMeanings,
  REFERENCE_TITLES as T,
  ROW_KINDS,
  SHEET_NAMES,
  XLSX_COLUMNS,
  type SheetColumn,
  type SheetLanguage,
  type XlsxColumn,
} from './xlsx-columns';

/** One list of the reference sheet: its columns (title and values), the first of which a drop-down offers. */
interface ReferenceList {
  /** The question sheet's columns whose drop-down offers this list's first column. */
  target: XlsxColumn[];
  /** Whether the drop-down refuses other values (codes) or only suggests (lookups, which an import may create). */
  strict: boolean;
  columns: { title: string; values: string[] }[];
}

const codeList = (
  target: SheetColumn,
  labels: Record<string, Record<SheetLanguage, string>>,
  language: SheetLanguage,
): ReferenceList => ({
  target: [target.key],
  strict: true,
  columns: [
    { title: target[language], values: Object.keys(labels) },
    {
      title: T.meaning[language],
      values: Object.values<Record<SheetLanguage, string>>(labels).map((l) => l[language]),
    },
  ],
});

const columnNamed = (key: XlsxColumn) => XLSX_COLUMNS.find((c) => c.key === key)!;

/**
 * The lists: the answer types and kinds of row, then the codes of every other choice field the
 * sheet holds (mark options, media types, languages, and any declared later), the Correct values,
 * then every lookup's values.
 */
function lists(language: SheetLanguage, lookups: Record<LookupField, LookupRow[]>): ReferenceList[] {
  const other: SheetLanguage = language === 'ar' ? 'en' : 'ar';
  const nameKey = { en: 'name_en', ar: 'name_ar' } as const;
  const lookupLists = LOOKUP_FIELDS.map((field): ReferenceList => {
    const label = columnNamed(field)[language];
    const rows = lookups[field] ?? [];
    const titled = (lang: SheetLanguage) => ({
      title: `${label} ${T[lang === 'en' ? 'in_english' : 'in_arabic'][language]}`,
      values: rows.map((r) => r[nameKey[lang]] || r[nameKey[lang === 'en' ? 'ar' : 'en']]),
    });
    return { target: [field], strict: false, columns: [titled(language), titled(other)] };
  });
  const choices = XLSX_COLUMNS.filter(
    (c) => c.source === 'value' && c.field && QUESTION_FIELDS[c.field]?.type === 'choice',
  ).map((c) => codeList(c, choiceMeanings(c.field!), language));
  const correct = columnNamed('correct');
  return [
    codeList(columnNamed('type'), choiceMeanings('answer_type'), language),
    codeList(columnNamed('row'), ROW_KINDS, language),
    ...choices,
    { target: [correct.key], strict: false, columns: [{ title: correct[language], values: ['TRUE', 'FALSE'] }] },
    ...lookupLists,
  ];
}

// ExcelJS accepts a validation for a whole range (written as one rule) but does not type it.
const rangeValidations = (sheet: ExcelJS.Worksheet) =>
  (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations;

/**
 * The reference sheet: the answer types, kinds of row and every choice field's codes (mark
 * options, media types, languages) with what each means, then every value of the lookups (in the
 * sheet's language, then in the other), side by side with an empty column between lists; and on the
 * question sheet, drop-downs over `rows` rows offering each list.
 */
export function addReferenceSheet(
  workbook: ExcelJS.Workbook,
  questions: ExcelJS.Worksheet,
  language: SheetLanguage,
  lookups: Record<LookupField, LookupRow[]>,
  rows: number,
): ExcelJS.Worksheet {
  const name = SHEET_NAMES.reference[language];
  const sheet = workbook.addWorksheet(name, {
    views: [{ rightToLeft: language === 'ar', state: 'frozen', ySplit: 1 }],
  });
  let at = 1;
  for (const list of lists(language, lookups)) {
    const first = sheet.getColumn(at);
    list.columns.forEach((column, i) => {
      const sheetColumn = sheet.getColumn(at + i);
      sheetColumn.values = [column.title, ...column.values];
      sheetColumn.width = i === 0 ? 24 : 60;
    });
    const count = list.columns[0].values.length;
    if (count > 0)
      for (const key of list.target) {
        const letter = questions.getColumn(XLSX_COLUMNS.findIndex((c) => c.key === key) + 1).letter;
        // The sheet's name quoted, as Excel needs for Arabic names.
        rangeValidations(questions).add(`${letter}2:${letter}${rows + 1}`, {
          type: 'list',
          allowBlank: true,
          showErrorMessage: list.strict,
          formulae: [`'${name}'!$${first.letter}$2:$${first.letter}$${count + 1}`],
        });
      }
    at += list.columns.length + 1;
  }
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

/** The classification of the given questions, as lookup rows (for a bank export's reference sheet). */
export function lookupsOfMetadata(
  metadata: Partial<Record<LookupField, { en?: string; ar?: string }>>[],
): Record<LookupField, LookupRow[]> {
  const out = Object.fromEntries(LOOKUP_FIELDS.map((f) => [f, [] as LookupRow[]])) as Record<LookupField, LookupRow[]>;
  for (const field of LOOKUP_FIELDS) {
    const seen = new Set<string>();
    for (const names of metadata) {
      const name = names[field];
      if (!name || (!name.en && !name.ar)) continue;
      const key = `${name.en ?? ''}\u0000${name.ar ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out[field].push({ id: out[field].length + 1, name_en: name.en ?? '', name_ar: name.ar ?? '' });
    }
  }
  return out;
}
