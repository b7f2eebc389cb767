import fs from 'node:fs';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { reportFonts } from './fonts';
import { rtlLigaturesInVisualOrder } from './rtl-ligatures';
import type { LoginCardsDocument } from './login-cards-document';
import { withoutDiacritics } from './without-diacritics';
import type { ReportDocument } from './report-document';

/** A document for one of the templates: a report, or a class's login cards (`template` says). */
export type PdfDocument = ReportDocument | LoginCardsDocument;

const TEMPLATES = {
  report: new URL('./templates/report.typ', import.meta.url),
  'login-cards': new URL('./templates/login-cards.typ', import.meta.url),
};

export interface TypstRenderer {
  render(doc: PdfDocument): Buffer;
}

/**
 * A Typst compiler with the report template and fonts loaded once. The document goes in as JSON
 * through `sys.inputs` (never into the source text), so any name prints as it is. A warning (an
 * unknown font family, say) is an error: a report must not silently fall back to another font.
 */
export function createTypstRenderer(): TypstRenderer {
  const sources = Object.fromEntries(
    Object.entries(TEMPLATES).map(([name, url]) => [name, fs.readFileSync(url, 'utf8')]),
  ) as Record<keyof typeof TEMPLATES, string>;
  const compiler = NodeCompiler.create({ fontArgs: [{ fontBlobs: reportFonts() }] });
  const fail = (kind: string, diagnostics: unknown) =>
    new Error(`report template ${kind}: ${JSON.stringify(diagnostics).slice(0, 2000)}`);
  return {
    render(doc) {
      const source = sources['template' in doc ? doc.template : 'report'];
      // Every text as a PDF can carry it (see withoutDiacritics).
      const data = JSON.stringify(doc, (_key, value: unknown) =>
        typeof value === 'string' ? withoutDiacritics(value) : value,
      );
      const result = compiler.compile({ mainFileContent: source, inputs: { data } });
      const error = result.takeError();
      if (error) throw fail('error', compiler.fetchDiagnostics(error));
      const warnings = result.takeWarnings();
      if (warnings) throw fail('warning', compiler.fetchDiagnostics(warnings));
      // Lam-alef read back as lam then alef, not swapped (see rtl-ligatures.ts).
      const pdf = rtlLigaturesInVisualOrder(compiler.pdf(result.result!));
      // Every report has other data, so Typst's memoized layouts are of no use to the next one: dropped
      // after each document they cost no time and halve the growth (benchmarks.md: 540 MB -> 330 MB
      // after 300 documents).
      compiler.evictCache(0);
      return pdf;
    },
  };
}
