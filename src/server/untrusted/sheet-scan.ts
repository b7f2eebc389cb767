/** Limits of a worksheet, checked on its XML as it inflates (before any reader builds a cell). */
export interface SheetLimits {
  /** Rows of one sheet. */
  maxRows: number;
  /** Cells of every sheet of the workbook together. */
  maxCells: number;
  /** The rightmost column a cell may name (1 is A): a reference past it refuses the workbook. */
  maxColumns: number;
}

/** Which limit a workbook crossed. */
export class SheetLimitCrossed extends Error {
  constructor(readonly limit: 'rows' | 'cells' | 'columns') {
    super(`sheet ${limit}`);
  }
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
/** Bytes a cell's start tag may take (`<c r="XFD1048576" s="123" t="inlineStr" cm="1" vm="1">` and room). */
const MAX_TAG = 256;

const isSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
const endsName = (byte: number | undefined) => byte !== undefined && (isSpace(byte) || byte === GT || byte === SLASH);

/**
 * Counts the rows and cells of a workbook's sheets and reads each cell's column from its `r`
 * attribute, on the bytes as they inflate: the first limit crossed throws `SheetLimitCrossed`, so a
 * sheet of millions of `<c/>` or of cells in column XFD costs a few kilobytes, never a string of the
 * whole sheet or a row expanded to its last column. One scan serves every sheet of a workbook (cells
 * add up); `sheet()` starts the next.
 */
export class SheetScan {
  private cells = 0;
  private rows = 0;
  private carry: Uint8Array = new Uint8Array(0);

  constructor(private readonly limits: SheetLimits) {}

  /** Starts a new sheet: rows count from zero again, cells go on adding up. */
  sheet(): (chunk: Uint8Array, final: boolean) => void {
    this.rows = 0;
    this.carry = new Uint8Array(0);
    return (chunk, final) => this.push(chunk, final);
  }

  private push(chunk: Uint8Array, final: boolean): void {
    const bytes = this.carry.length === 0 ? chunk : joined(this.carry, chunk);
    let at = bytes.indexOf(LT);
    while (at !== -1) {
      // A tag cut by the chunk's end waits for the next chunk (whole, unless the sheet ends here).
      if (!final && at + MAX_TAG > bytes.length) break;
      this.tag(bytes, at);
      at = bytes.indexOf(LT, at + 1);
    }
    this.carry = at === -1 || final ? new Uint8Array(0) : bytes.slice(at);
  }

  private tag(bytes: Uint8Array, at: number): void {
    if (bytes[at + 1] === 0x63 && endsName(bytes[at + 2])) {
      if (++this.cells > this.limits.maxCells) throw new SheetLimitCrossed('cells');
      if (columnOf(bytes, at + 2) > this.limits.maxColumns) throw new SheetLimitCrossed('columns');
    } else if (bytes[at + 1] === 0x72 && bytes[at + 2] === 0x6f && bytes[at + 3] === 0x77 && endsName(bytes[at + 4])) {
      if (++this.rows > this.limits.maxRows) throw new SheetLimitCrossed('rows');
    }
  }
}

/**
 * The column a cell's start tag names in its `r` attribute (A1 style), 0 when it names none (the
 * cell follows the one before it). A tag that does not close within MAX_TAG bytes is refused as
 * beyond every column: no spreadsheet writes one.
 */
function columnOf(bytes: Uint8Array, from: number): number {
  const end = Math.min(bytes.length, from + MAX_TAG);
  for (let i = from; i < end; i++) {
    const byte = bytes[i]!;
    if (byte === GT) return 0;
    if (byte === 0x72 && isSpace(bytes[i - 1]!) && bytes[i + 1] === 0x3d) {
      const quote = bytes[i + 2];
      if (quote !== QUOTE && quote !== APOSTROPHE) return 0;
      let column = 0;
      for (let j = i + 3; j < end; j++) {
        const letter = bytes[j]! | 0x20; // lower case
        if (letter < 0x61 || letter > 0x7a) return column;
        column = column * 26 + (letter - 0x60);
        if (column > 16_384) return column;
      }
      return Number.POSITIVE_INFINITY;
    }
  }
  return Number.POSITIVE_INFINITY;
}

function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** A column's letters (1 is A, 100 is CV), as a spreadsheet names it. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
