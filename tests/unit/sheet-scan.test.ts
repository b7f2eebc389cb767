import { describe, expect, it } from 'vitest';
import { columnName, SheetLimitCrossed, SheetScan } from '../../src/server/untrusted/index';
import { xmlDepth } from '../../src/server/interchange/xml-safety';

const LIMITS = { maxRows: 1_000, maxCells: 10_000, maxColumns: 100 };
const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds a sheet to a scan in chunks of the given sizes (the last takes the rest). */
function scanIn(xml: string, sizes: number[], limits = LIMITS): void {
  const push = new SheetScan(limits).sheet();
  const all = bytes(xml);
  let at = 0;
  for (const size of sizes) {
    push(all.subarray(at, at + size), false);
    at += size;
  }
  push(all.subarray(at), true);
}

const sheet = (rows: string[]) =>
  `<?xml version="1.0"?><worksheet><cols><col min="1" max="3"/></cols><sheetData>${rows.join('')}</sheetData></worksheet>`;
const row = (r: number, cells: string[]) => `<row r="${r}" spans="1:3">${cells.join('')}</row>`;

const crossing = (run: () => void) => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof SheetLimitCrossed ? error.limit : error;
  }
};

describe("a worksheet's scan as it inflates", () => {
  it('counts rows and cells wherever the chunks cut the tags', () => {
    const rows = Array.from({ length: 10 }, (_, i) =>
      row(i + 1, [`<c r="A${i + 1}" t="s"><v>1</v></c>`, '<c s="2" r="CV1"/>', '<c><v>3</v></c>']),
    );
    const xml = sheet(rows);
    // Exactly at the limits, cut every which way: nothing crossed.
    for (const size of [1, 2, 3, 7, 64, 1000]) {
      const sizes = Array.from({ length: Math.floor(xml.length / size) }, () => size);
      expect(crossing(() => scanIn(xml, sizes, { maxRows: 10, maxCells: 30, maxColumns: 100 }))).toBeUndefined();
      expect(crossing(() => scanIn(xml, sizes, { maxRows: 9, maxCells: 30, maxColumns: 100 }))).toBe('rows');
      expect(crossing(() => scanIn(xml, sizes, { maxRows: 10, maxCells: 29, maxColumns: 100 }))).toBe('cells');
      expect(crossing(() => scanIn(xml, sizes, { maxRows: 10, maxCells: 30, maxColumns: 99 }))).toBe('columns');
    }
  });

  it('refuses a cell in column XFD, a tag that never closes, and a bomb of empty cells early', () => {
    expect(crossing(() => scanIn(sheet([row(1, ['<c r="XFD1"><v>1</v></c>'])]), [5]))).toBe('columns');
    expect(crossing(() => scanIn(sheet([row(1, [`<c ${'x="1" '.repeat(100)}r="A1"/>`])]), []))).toBe('columns');
    expect(crossing(() => scanIn(sheet([row(1, ['<c/>'.repeat(20_000)])]), [4096]))).toBe('cells');
    // Other tags that start with c or row are not cells or rows.
    expect(crossing(() => scanIn(sheet(['<cols/><rowBreaks/>'.repeat(5_000)]), [100]))).toBeUndefined();
  });

  it('names columns as a spreadsheet does', () => {
    expect([1, 26, 27, 100, 16_384].map(columnName)).toEqual(['A', 'Z', 'AA', 'CV', 'XFD']);
  });
});

describe("an XML document's depth", () => {
  it('counts nested elements, not comments, CDATA or self-closing ones, and stops past the limit', () => {
    expect(
      xmlDepth('<?xml version="1.0"?><!-- <a><a> --><quiz><q a="1"><t><![CDATA[<b><b><b>]]></t><br/></q></quiz>'),
    ).toBe(3);
    expect(xmlDepth(`<a>${'<b>'.repeat(100_000)}`, 256)).toBe(257);
  });
});
