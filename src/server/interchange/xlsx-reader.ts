import ExcelJS from 'exceljs';
import { columnName, safeUnzip, SheetLimitCrossed, SheetScan, UnsafeArchive } from '../untrusted/index';
import { InterchangeFileRefused, type InterchangeItem } from './interchange-item';
import { columnOfHeader, normalise, SHEET_NAMES, type SheetRow, type XlsxColumn } from './xlsx-columns';
import { XLSX_ERRORS as E } from './xlsx-problems';
import { readQuestionRows } from './xlsx-questions';

/** Rows a question sheet may hold: a bank of several thousand questions with their parts. */
const MAX_ROWS = 50_000;
/** Cells of all sheets together (the reference sheet's lookups included). */
const MAX_CELLS = 1_000_000;
/** Bytes the workbook's parts may inflate to. */
const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
/** The rightmost column a cell may be in (CV): the template's columns, the reference sheet's, and room. */
const MAX_COLUMNS = 100;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/** A cell's value as text: a formula by its result, rich text joined, a date as YYYY-MM-DD. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: unknown }).result);
  if ('richText' in value && Array.isArray(value.richText))
    return value.richText.map((part: { text: string }) => part.text).join('');
  if ('text' in value) return cellText(value.text);
  return '';
}

/**
 * Refuses a zip that is not a workbook, or holds too much, before ExcelJS builds an object for every
 * cell: every sheet's rows, cells and columns are counted as it inflates, so a sheet of millions of
 * cells, or of cells in column XFD, is refused after a few kilobytes.
 */
function checkArchive(bytes: Uint8Array): void {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new InterchangeFileRefused(E.unreadable);
  const scan = new SheetScan({ maxRows: MAX_ROWS + 1, maxCells: MAX_CELLS, maxColumns: MAX_COLUMNS });
  let entries: Map<string, Uint8Array>;
  try {
    entries = safeUnzip(bytes, {
      maxEntries: 1000,
      maxTotalBytes: MAX_INFLATED_BYTES,
      watch: (name) => (WORKSHEET.test(name) ? scan.sheet() : undefined),
    });
  } catch (error) {
    if (error instanceof SheetLimitCrossed) throw sheetRefusal(error);
    // An unsafe zip is refused as a QTI package is: too large, too many entries, escaping paths.
    if (error instanceof UnsafeArchive && error.reason !== 'zip_unreadable')
      throw new InterchangeFileRefused(`interchange.errors.${error.reason}`);
    throw new InterchangeFileRefused(E.unreadable);
  }
  if (!entries.has('xl/workbook.xml')) throw new InterchangeFileRefused(E.unreadable);
}

const sheetRefusal = ({ limit }: SheetLimitCrossed) =>
  limit === 'rows'
    ? new InterchangeFileRefused(E.tooManyRows, { max: MAX_ROWS })
    : limit === 'cells'
      ? new InterchangeFileRefused(E.tooManyCells, { max: MAX_CELLS })
      : new InterchangeFileRefused(E.tooManyColumns, { max: columnName(MAX_COLUMNS) });

/** The columns a sheet's first non-empty row names, with that row's number; undefined without Answer type and Text. */
function headerOf(sheet: ExcelJS.Worksheet): { line: number; columns: Map<number, XlsxColumn> } | undefined {
  let found: { line: number; columns: Map<number, XlsxColumn> } | undefined;
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (found) return;
    const columns = new Map<number, XlsxColumn>();
    row.eachCell((c, at) => {
      const column = columnOfHeader(cellText(c.value));
      if (column && ![...columns.values()].includes(column)) columns.set(at, column);
    });
    found = { line, columns };
  });
  const keys = new Set(found?.columns.values());
  return keys.has('type') && keys.has('text') ? found : undefined;
}

/** The question sheet: the one named so in either language, else the first whose header is the template's. */
function questionSheet(workbook: ExcelJS.Workbook) {
  const names = new Set(Object.values(SHEET_NAMES.questions).map(normalise));
  const sheets = [...workbook.worksheets].sort(
    (a, b) => Number(names.has(normalise(b.name))) - Number(names.has(normalise(a.name))),
  );
  for (const sheet of sheets) {
    const header = headerOf(sheet);
    if (header) return { sheet, header };
  }
  throw new InterchangeFileRefused(E.noHeader);
}

/**
 * Reads a question spreadsheet (the layout of xlsx-writer.ts, with either language's headers)
 * into items: one per question, with every problem of its rows (each naming its row). Media and
 * instruction audio are file names (the workbook does not carry the files). Throws
 * `InterchangeFileRefused` for a file that is not a workbook, has no question sheet, or is too
 * large.
 */
export async function readQuestionWorkbook(bytes: Uint8Array): Promise<InterchangeItem[]> {
  checkArchive(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new InterchangeFileRefused(E.unreadable);
  }
  const { sheet, header } = questionSheet(workbook);
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (line <= header.line) return;
    const cells: SheetRow['cells'] = {};
    for (const [at, column] of header.columns) {
      const text = cellText(row.getCell(at).value);
      if (text !== '') cells[column] = text;
    }
    if (Object.values(cells).some((text) => (text ?? '').trim() !== '')) rows.push({ row: line, cells });
  });
  return readQuestionRows(rows);
}
