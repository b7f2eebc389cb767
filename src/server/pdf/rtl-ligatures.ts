/**
 * Right-to-left ligatures in the text layer, in the order readers take them.
 *
 * Typst writes an Arabic run's glyphs in visual order (inside `/ReversedChars`) and maps a ligature's
 * glyph, lam-alef (لا لأ لإ لآ), to its letters in logical order, `<0644 0627>`. Readers reverse
 * the run's characters, not its glyphs: poppler's pdftotext and pdf.js (Firefox, the console's
 * viewer) both read "الابتدائية" as "االبتدائية", for copying, search and screen readers. Mapped to
 * its letters in visual order, `<0627 0644>`, the glyph reads right in both; the print is unchanged.
 *
 * Typst writes its ToUnicode CMaps uncompressed, so each mapping is rewritten in place, byte for
 * byte the same length: no offset of the file moves. (tests/unit/pdf/rtl-ligatures.test.ts reads
 * both kinds of report and the login cards back with pdftotext and pdf.js.)
 */
const RTL_LETTER = /^[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]$/;
const MAPPING = /(<[0-9A-Fa-f]+>\s*)<([0-9A-Fa-f]{8,})>/g;

/** The code units of a ToUnicode destination (`0644 0627`), reversed when all are right-to-left letters. */
function visualOrder(hex: string): string {
  if (hex.length % 4 !== 0) return hex;
  const units = hex.match(/.{4}/g)!;
  const allRtl = units.every((unit) => RTL_LETTER.test(String.fromCharCode(parseInt(unit, 16))));
  return allRtl ? units.reverse().join('') : hex;
}

/** The PDF with every right-to-left ligature mapped in visual order (the same bytes otherwise). */
export function rtlLigaturesInVisualOrder(pdf: Uint8Array): Buffer {
  const bytes = Buffer.from(pdf);
  let at = 0;
  while ((at = bytes.indexOf('beginbfchar', at)) !== -1) {
    const end = bytes.indexOf('endbfchar', at);
    if (end === -1) break;
    const block = bytes.toString('latin1', at, end);
    const rewritten = block.replace(
      MAPPING,
      (_all, glyph: string, hex: string) => glyph + '<' + visualOrder(hex) + '>',
    );
    bytes.write(rewritten, at, 'latin1');
    at = end;
  }
  return bytes;
}
