import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/common/csv';

describe('toCsv (OWASP CSV injection)', () => {
  it('makes every cell that starts like a formula plain text: a single quote first, and quoted', () => {
    for (const cell of ['=1+2', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x")']) {
      const csv = toCsv([[cell]]);
      expect(csv, JSON.stringify(cell)).toBe(`"'${cell.replace(/"/g, '""')}"`);
      expect(Papa.parse<string[]>(csv).data[0][0]).toBe(`'${cell}`);
    }
  });

  it('is not fooled by a line break after the formula', () => {
    expect(toCsv([['=cmd|"/c calc"!A0\nnext line']])).toBe(`"'=cmd|""/c calc""!A0\nnext line"`);
  });

  it('leaves other text, numbers and empty cells as they are, with quotes doubled and CRLF between rows', () => {
    expect(
      toCsv([
        ['Section', 'Item', 'Value'],
        ['Al Amal — Grade 5', 'قراءة', 42],
        ['say "hi", then', null, -3],
        ['a=1', ' =1', undefined],
      ]),
    ).toBe('Section,Item,Value\r\nAl Amal — Grade 5,قراءة,42\r\n"say ""hi"", then",,-3\r\na=1," =1",');
  });

  it('reads back as the same cells (but the quote that disarms a formula)', () => {
    const rows = [
      ['name', 'note'],
      ['Layla, Ahmed', '+971 50 123'],
      ['نور', 'line\r\nbreak'],
    ];
    const parsed = Papa.parse<string[]>(toCsv(rows)).data;
    expect(parsed).toEqual([
      ['name', 'note'],
      ['Layla, Ahmed', "'+971 50 123"],
      ['نور', 'line\r\nbreak'],
    ]);
  });
});
