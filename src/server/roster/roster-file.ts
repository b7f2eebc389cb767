import Papa from 'papaparse';
import type { RosterRow, RosterColumn } from './roster-columns';
import type { TextEncodingName } from './text-encoding';

/** Rows of students a file may hold (a country's largest school district fits; a runaway sheet does not). */
export const MAX_ROWS = 50_000;
export type RosterFormat = 'csv' | 'xlsx' | 'oneroster';

/** A file refused as a whole (a catalog key of `roster.errors`, with its parameters). */
export class RosterFileRefused extends Error {
  constructor(
    readonly reason: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(reason);
  }
}

/** Problems of one row found while reading it (a formula, a header it lacks), by column. */
export type ReadProblems = Map<number, Partial<Record<RosterColumn, string[]>>>;

export interface RosterFile {
  format: RosterFormat;
  encoding: TextEncodingName | null;
  rows: RosterRow[];
  problems: ReadProblems;
  /** The school years a OneRoster file's classes belong to (academicSessions.csv), when it says. */
  schoolYears?: SchoolYear[];
}

/** A school year as a file names it: "2025-2026", with its first and last days (YYYY-MM-DD). */
export interface SchoolYear {
  title: string;
  start: string;
  end: string;
}

/**
 * A CSV's cells (delimiter guessed among comma, semicolon and tab), blank lines skipped. Line ends
 * are made one kind first: Papa Parse takes the first line's for the whole file, and a file whose
 * lines mix CRLF and LF (two files pasted together) would merge rows without an error (issue 40).
 */
export function parseCsv(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/\r\n?/g, '\n'), {
    newline: '\n',
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  if (parsed.data.length > MAX_ROWS + 1) throw new RosterFileRefused('too_many_rows', { max: MAX_ROWS });
  return parsed.data;
}
