import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

/**
 * axe-core takes joined Arabic glyphs (Cairo) for an icon font's ligature and skips their contrast,
 * so Arabic pages would pass unchecked. The console draws its icons as SVG, never as ligatures:
 * the readable build is loaded with that guess switched off, so Arabic text is checked like English.
 */
const LIGATURE_GUESS = 'function _isIconLigature(textVNode) {';
const AXE_SOURCE = (() => {
  const source = fs.readFileSync(require.resolve('axe-core/axe.js'), 'utf8');
  if (!source.includes(LIGATURE_GUESS)) throw new Error('axe-core changed: the icon-ligature guess was not found');
  return source.replace(LIGATURE_GUESS, `${LIGATURE_GUESS} return false;`);
})();

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export interface AxeIssue {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core (WCAG A and AA rules) on the page as it is; the serious and critical issues found. */
export async function seriousAxeIssues(page: Page): Promise<AxeIssue[]> {
  // Once per page: a console reached by its router keeps its window, and each injection would
  // leave another 500 kB script in it (the audit slowed from 1.2 to 3.2 s a screen).
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<AxeResults> };
      }
    ).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id as string,
      impact: v.impact as string | null,
      help: v.help as string,
      nodes: (v.nodes as { target: string[]; html: string; failureSummary?: string }[]).map(
        (n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${(n.failureSummary ?? '').slice(0, 200)}`,
      ),
    }));
  }, WCAG_TAGS);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
