import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The family the template names: Vazirmatn (npm `vazirmatn`) covers Arabic and Latin. */
export const REPORT_FONT_FILES = ['Vazirmatn-Regular.ttf', 'Vazirmatn-Bold.ttf'];

/** The fonts' bytes, read once: Typst takes them from memory (no system fonts are looked at). */
export function reportFonts(): Buffer[] {
  const dir = path.join(path.dirname(require.resolve('vazirmatn/package.json')), 'fonts', 'ttf');
  return REPORT_FONT_FILES.map((file) => fs.readFileSync(path.join(dir, file)));
}
