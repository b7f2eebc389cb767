import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { withoutDiacritics } from '../../src/server/pdf/without-diacritics';

/** Runs a poppler tool (Debian poppler-utils) on PDF bytes and answers what it printed. */
function poppler(tool: 'pdftotext' | 'pdfinfo', pdf: Uint8Array, args: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as `pdftotext -layout` reads it, without the bidirectional marks it adds. */
export const pdfText = (pdf: Uint8Array): string =>
  poppler('pdftotext', pdf, ['-layout']).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

export const pdfPages = (pdf: Uint8Array): number =>
  Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', pdf, []))?.[1] ?? 0);

/**
 * A word as the PDF gives it back: without the diacritics it leaves out (`withoutDiacritics`).
 * Lam-alef (لا لأ لإ لآ) reads as lam then alef in pdftotext and pdf.js (src/server/pdf/rtl-ligatures.ts).
 */
export const asReadBack = (word: string): string => withoutDiacritics(word);

/** The text of a PDF as pdf.js (Firefox, the console's viewer) reads it, each page's runs in a line. */
export async function pdfJsText(pdf: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

/** The ToUnicode mappings of every font of a PDF (`<glyph> <code points>` pairs), from its streams. */
export function toUnicodeMappings(pdf: Uint8Array): string[] {
  const bytes = Buffer.from(pdf);
  const mappings: string[] = [];
  let at = 0;
  while ((at = bytes.indexOf('stream', at)) !== -1) {
    let start = at + 'stream'.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    const end = bytes.indexOf('endstream', start);
    if (end === -1) break;
    const raw = bytes.subarray(start, end);
    let text: string;
    try {
      text = zlib.inflateSync(raw).toString('latin1');
    } catch {
      text = raw.toString('latin1'); // stored as it is (Typst writes its CMaps uncompressed)
    }
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      mappings.push(
        ...block[1]
          .trim()
          .split(/\n/)
          .map((line) => line.trim()),
      );
    at = end + 'endstream'.length;
  }
  return mappings;
}
