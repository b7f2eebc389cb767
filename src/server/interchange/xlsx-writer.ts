import ExcelJS from 'exceljs';
import type { LookupField } from './interchange-item';
import type { LookupRow } from './lookup-tables';
import type { PackageQuestion } from './qti/qti-package-writer';
import { headersIn, SHEET_NAMES, XLSX_COLUMNS, type SheetLanguage, type XlsxColumn } from './xlsx-columns';
import { QUESTION_FIELDS } from './question-fields';
import { exampleQuestions } from './xlsx-examples';
import { addReferenceSheet, lookupsOfMetadata } from './xlsx-reference';
import { questionRows } from './xlsx-rows';

/**
 * The question spreadsheet, written. Layout (the reader, xlsx-reader.ts, takes the same):
 *
 * - Sheet "Questions" ("الأسئلة"), header on row 1 in the workbook's language (either language's
 *   headers are read back). One row per question, followed by one row per part of it; the `Row`
 *   column says which (`question`, `option`, `item`, `pair`, `category`, `blank`, `child`).
 * - The columns are the declaration's (xlsx-columns.ts): a question row holds Ref (the question's
 *   name in the file), Answer type (a code from the reference sheet), every declared value — Text
 *   (HTML allowed), Content language (`en`/`ar`; blank: guessed from the letters), Mark (blank: 1;
 *   a paragraph's is the sum of its children's), Mark option (`all_or_nothing`/`partial`; blank:
 *   all or nothing), Media type, the picture's text alternative, Replay count, and any field
 *   declared since —, the answer's own parts: Correct (true/false questions), Passage (paragraphs),
 *   Max words (essays), Max duration in seconds (audio responses); the files (Media file and
 *   Instruction audio file: names of files uploaded to the platform), and every lookup by name in
 *   either language.
 * - Part rows: `option` (Text, Correct for choice questions; for categorizing, the option belongs
 *   to the `category` row above it, or to the category its Category cell names), `item` (Text,
 *   in the correct order), `pair` (Text and Matches), `category` (Text: its name), `blank` (Text
 *   before blank, Blank answer, Text after blank, Blank options separated by `|`, a literal `|`
 *   written `\|`). A paragraph's related questions are `child` rows (Answer type, Text, Mark, Mark
 *   option, and Correct, Max words or Max duration as their type needs), each followed by its
 *   own part rows.
 * - Sheet "Reference" ("مرجع"): every code with its meaning, and every value of the lookups in
 *   both languages; drop-downs on the question sheet offer them (codes strictly, lookups as
 *   suggestions, since an import may create a lookup value).
 */

/** Rows the template's drop-downs cover beyond the written ones. */
const SPARE_ROWS = 1000;

const WIDTHS: Partial<Record<XlsxColumn, number>> = {
  text: 60,
  passage: 60,
  before: 30,
  after: 30,
  answer: 20,
  options: 30,
  right: 30,
  ref: 14,
  row: 12,
  type: 18,
};

/** Columns of numbers or yes and no: the answer's own, and every declared number or switch. */
const NUMBER_COLUMNS = new Set<XlsxColumn>([
  'correct',
  'max_words',
  'max_duration',
  ...XLSX_COLUMNS.filter((c) => ['number', 'boolean'].includes(QUESTION_FIELDS[c.field ?? '']?.type ?? '')).map(
    (c) => c.key,
  ),
]);

const QUESTION_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
const CHILD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } };

async function workbookOf(
  questions: PackageQuestion[],
  language: SheetLanguage,
  lookups: Record<LookupField, LookupRow[]>,
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAMES.questions[language], {
    views: [{ rightToLeft: language === 'ar', state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow(headersIn(language)).font = { bold: true };
  XLSX_COLUMNS.forEach((column, i) => {
    const sheetColumn = sheet.getColumn(i + 1);
    sheetColumn.width = WIDTHS[column.key] ?? 18;
    // Text, so a name such as "001.png" or a ref such as "1e3" stays as typed.
    if (!NUMBER_COLUMNS.has(column.key)) sheetColumn.numFmt = '@';
  });
  for (const question of questions)
    for (const cells of questionRows(question, language)) {
      const row = sheet.addRow(XLSX_COLUMNS.map((c) => (cells[c.key] === '' ? null : (cells[c.key] ?? null))));
      if (cells.row === 'question') row.fill = QUESTION_FILL;
      if (cells.row === 'child') row.fill = CHILD_FILL;
    }
  addReferenceSheet(workbook, sheet, language, lookups, sheet.rowCount - 1 + SPARE_ROWS);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/**
 * The bank as a question spreadsheet (see the layout above), headers in `language`; its
 * reference sheet lists the lookup values the questions use. It reads back with
 * `readQuestionWorkbook` to the same questions (parts get new ids).
 */
export function bankWorkbook(questions: PackageQuestion[], language: SheetLanguage): Promise<Uint8Array> {
  return workbookOf(questions, language, lookupsOfMetadata(questions.map((q) => q.metadata)));
}

/**
 * The empty template in `language`: one example of each answer type (to overwrite or delete)
 * and a reference sheet listing the codes and every value of the platform's lookups.
 */
export function questionTemplate(
  language: SheetLanguage,
  lookups: Record<LookupField, LookupRow[]>,
): Promise<Uint8Array> {
  return workbookOf(exampleQuestions(language, lookups), language, lookups);
}
