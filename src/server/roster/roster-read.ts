import ExcelJS from 'exceljs';
import { FORMULA_START } from '../../common/csv';
import { columnOfHeader, type RosterRow } from './roster-columns';
import { MAX_ROWS, parseCsv, RosterFileRefused, type ReadProblems, type RosterFile } from './roster-file';
import { readOneRoster } from './oneroster';
import { columnName, safeUnzip, SheetLimitCrossed, SheetScan, UnsafeArchive } from '../untrusted/index';
import { decodeText } from './text-encoding';

/** Inflated bytes an XLSX or OneRoster zip may hold. */
const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
/** Cells a workbook may hold in all its sheets: a full roster with a reference sheet, and room to spare. */
const MAX_CELLS = MAX_ROWS * 40;
/** The rightmost column a sheet's cell may be in (CV): the template's columns, a school's own, and room. */
const MAX_COLUMNS = 100;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/**
 * Reads an uploaded roster by its content, never its name: a zip holding `manifest.csv` is a
 * OneRoster 1.2 bulk export, one holding `xl/workbook.xml` a workbook; anything else must be text
 * (CSV in any of the encodings of text-encoding.ts, its delimiter guessed).
 */
export async function readRosterFile(bytes: Uint8Array): Promise<RosterFile> {
  if (bytes.length === 0) throw new RosterFileRefused('empty_file');
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    let entries: Map<string, Uint8Array>;
    // Every sheet's rows, cells and columns are counted as it inflates, before ExcelJS (which
    // loads every sheet) builds an object for each: a sheet of a million empty rows, of millions
    // of cells or of cells in column XFD, in any tab, is refused after a few kilobytes.
    const scan = new SheetScan({ maxRows: MAX_ROWS + 1, maxCells: MAX_CELLS, maxColumns: MAX_COLUMNS });
    try {
      entries = safeUnzip(bytes, {
        maxEntries: 200,
        maxTotalBytes: MAX_INFLATED_BYTES,
        watch: (name) => (WORKSHEET.test(name) ? scan.sheet() : undefined),
      });
    } catch (error) {
      if (error instanceof UnsafeArchive) throw new RosterFileRefused(error.reason);
      if (error instanceof SheetLimitCrossed) throw sheetRefusal(error);
      throw error;
    }
    if (entries.has('manifest.csv')) return { ...readOneRoster(entries), format: 'oneroster' };
    if (entries.has('xl/workbook.xml')) return readWorkbook(bytes, entries);
    throw new RosterFileRefused('unknown_format');
  }
  const { text, encoding } = decodeText(bytes);
  if (text.includes('\u0000')) throw new RosterFileRefused('unknown_format');
  return { ...tableRows(parseCsv(text)), format: 'csv', encoding };
}

/**
 * Rows by column from a table whose first line is the header; a cell a spreadsheet would run as a
 * formula is refused on its row (the export's escaped form, a leading quote, is read back as text).
 */
function tableRows(table: readonly (readonly unknown[])[], firstLine = 1): Omit<RosterFile, 'format' | 'encoding'> {
  const [header, ...body] = table;
  if (!header) throw new RosterFileRefused('no_header');
  const columns = header.map((cell) => columnOfHeader(String(cell ?? '')));
  const missing = columns.includes('student_number') ? [] : ['student_number'];
  if (missing.length > 0 || columns.every((c) => c === undefined)) throw new RosterFileRefused('no_header');
  const rows: RosterRow[] = [];
  const problems: ReadProblems = new Map();
  body.forEach((cells, index) => {
    const row = firstLine + 1 + index;
    const values: RosterRow['values'] = {};
    cells.forEach((cell, at) => {
      const column = columns[at];
      if (!column) return;
      const { text, formula } = cellText(cell);
      if (formula) {
        const found = problems.get(row) ?? {};
        found[column] = ['roster.errors.formula'];
        problems.set(row, found);
      }
      values[column] = text;
    });
    if (Object.values(values).some((v) => v !== '')) rows.push({ row, values });
  });
  return { rows, problems };
}

function cellText(cell: unknown): { text: string; formula: boolean } {
  if (cell === null || cell === undefined) return { text: '', formula: false };
  if (cell instanceof Date) return { text: cell.toISOString().slice(0, 10), formula: false };
  if (typeof cell === 'object') {
    if ('formula' in cell || 'sharedFormula' in cell) return { text: '', formula: true };
    if ('richText' in cell && Array.isArray(cell.richText))
      return cellText(cell.richText.map((part: { text: string }) => part.text).join(''));
    if ('text' in cell) return cellText((cell as { text: unknown }).text);
    return { text: '', formula: false };
  }
  const text = String(cell).trim();
  if (/^'[=+\-@]/.test(text)) return { text: text.slice(1), formula: false };
  return { text, formula: typeof cell === 'string' && FORMULA_START.test(text) };
}

const sheetRefusal = ({ limit }: SheetLimitCrossed) =>
  limit === 'rows'
    ? new RosterFileRefused('too_many_rows', { max: MAX_ROWS })
    : limit === 'cells'
      ? new RosterFileRefused('too_many_cells', { max: MAX_CELLS })
      : new RosterFileRefused('too_many_columns', { max: columnName(MAX_COLUMNS) });

/**
 * The first sheet of a workbook (its size already checked as it inflated), read to the header's
 * last column only.
 */
async function readWorkbook(bytes: Uint8Array, entries: Map<string, Uint8Array>): Promise<RosterFile> {
  if (![...entries.keys()].some((name) => WORKSHEET.test(name))) throw new RosterFileRefused('unknown_format');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new RosterFileRefused('unknown_format');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new RosterFileRefused('no_header');
  const table: unknown[][] = [];
  let firstLine = 0;
  let width = 0;
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const values = row.values as unknown[];
    if (table.length === 0) {
      firstLine = line;
      width = Math.max(0, values.length - 1);
    }
    // ExcelJS numbers cells from 1; keep the gaps of a header that skips a column.
    table.push(Array.from({ length: width }, (_, i) => values[i + 1]));
  });
  return { ...tableRows(table, firstLine), format: 'xlsx', encoding: null };
}
