import type ExcelJS from 'exceljs';
import { LOOKUP_FIELDS, type LookupField } from './interchange-item';
import type { LookupRow } from './lookup-tables';
import {
  LANGUAGE_LABELS,
  MARK_OPTION_LABELS,
  MEDIA_TYPE_LABELS,
  REFERENCE_TITLES as T,
  ROW_KINDS,
  SHEET_NAMES,
  TYPE_EXPLANATIONS,
  XLSX_COLUMNS,
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

const codeList = <C extends string>(
  target: XlsxColumn[],
  title: Record<SheetLanguage, string>,
  labels: Record<C, Record<SheetLanguage, string>>,
  language: SheetLanguage,
): ReferenceList => ({
  target,
  strict: true,
  columns: [
    { title: title[language], values: Object.keys(labels) },
    {
      title: T.meaning[language],
      values: Object.values<Record<SheetLanguage, string>>(labels).map((l) => l[language]),
    },
  ],
});

function lists(language: SheetLanguage, lookups: Record<LookupField, LookupRow[]>): ReferenceList[] {
  const other: SheetLanguage = language === 'ar' ? 'en' : 'ar';
  const nameKey = { en: 'name_en', ar: 'name_ar' } as const;
  const lookupLists = LOOKUP_FIELDS.map((field): ReferenceList => {
    const label = XLSX_COLUMNS.find((c) => c.key === field)![language];
    const rows = lookups[field] ?? [];
    const titled = (lang: SheetLanguage) => ({
      title: `${label} ${T[lang === 'en' ? 'in_english' : 'in_arabic'][language]}`,
      values: rows.map((r) => r[nameKey[lang]] || r[nameKey[lang === 'en' ? 'ar' : 'en']]),
    });
    return { target: [field], strict: false, columns: [titled(language), titled(other)] };
  });
  return [
    codeList(['type'], T.type, TYPE_EXPLANATIONS, language),
    codeList(['row'], T.row, ROW_KINDS, language),
    codeList(['mark_option'], T.mark_option, MARK_OPTION_LABELS, language),
    codeList(['media_type'], T.media_type, MEDIA_TYPE_LABELS, language),
    codeList(['content_language'], T.content_language, LANGUAGE_LABELS, language),
    { target: ['correct'], strict: false, columns: [{ title: T.correct[language], values: ['TRUE', 'FALSE'] }] },
    ...lookupLists,
  ];
}

// ExcelJS accepts a validation for a whole range (written as one rule) but does not type it.
const rangeValidations = (sheet: ExcelJS.Worksheet) =>
  (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations;

/**
 * The reference sheet: the answer types, kinds of row, mark options, media types and languages
 * with their codes and what each means, then every value of the six lookups (in the sheet's
 * language, then in the other), side by side with an empty column between lists; and on the
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
