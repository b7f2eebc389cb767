import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/server/roster/roster-file';
import { readRosterFile } from '../../src/server/roster/roster-read';

/**
 * Issue 40: a CSV whose lines mix CRLF and LF (two files pasted together) merged two students into
 * one row's cells without an error, as Papa Parse takes the first line's ending for the whole file.
 */
describe('CSV line ends', () => {
  it('reads a row per line whatever each line ends with: CRLF, LF or CR', () => {
    const text = 'name,number\r\nAdam,1\r\nBadr,2\nCyrine,3\rDana,4\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'number'],
      ['Adam', '1'],
      ['Badr', '2'],
      ['Cyrine', '3'],
      ['Dana', '4'],
    ]);
    // Started with LF, then CRLF: the same rows.
    expect(parseCsv('name,number\nAdam,1\r\nBadr,2\r\n')).toEqual([
      ['name', 'number'],
      ['Adam', '1'],
      ['Badr', '2'],
    ]);
  });

  it('keeps a line break inside a quoted cell as one cell', () => {
    expect(parseCsv('name,note\r\nAdam,"line one\r\nline two"\nBadr,x\n')).toEqual([
      ['name', 'note'],
      ['Adam', 'line one\nline two'],
      ['Badr', 'x'],
    ]);
  });

  it('gives a roster file with mixed line ends a row per student', async () => {
    const text =
      'student_number,name_en,name_ar\r\nS-1,Adam Saleh,آدم صالح\r\nS-2,Badr Ali,بدر علي\nS-3,Cyrine Omar,سيرين عمر\n';
    const file = await readRosterFile(new TextEncoder().encode(text));
    expect(file.rows.map((row) => row.values.student_number)).toEqual(['S-1', 'S-2', 'S-3']);
  });
});
