// The default import: papaparse is CommonJS, and Node (unlike Vite) offers no named exports of it.
import Papa from 'papaparse';

/**
 * What makes a spreadsheet read a cell as a formula when it comes first (OWASP, CSV injection):
 * `=`, `+`, `-`, `@`, tab and carriage return. Tested on the whole text, newlines included
 * (papaparse's own default, `/^[=+\-@\t\r].*$/`, misses `=cmd|...` followed by a line break).
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

/**
 * Rows as CSV (RFC 4180: CRLF, quotes doubled), every text cell that a spreadsheet would take for a
 * formula made plain text as OWASP says: prefixed with a single quote and quoted. Numbers stay
 * numbers (a negative number is not a formula). Every CSV the product writes goes through here.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return Papa.unparse(
    rows.map((row) => row.map((cell) => cell ?? '')),
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}
