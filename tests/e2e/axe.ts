import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

export interface AxeIssue {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core on the page as it is; the serious and critical issues found. */
export async function seriousAxeIssues(page: Page): Promise<AxeIssue[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
    return (await axe.run(document)).violations.map((v) => ({
      id: v.id as string,
      impact: v.impact as string | null,
      help: v.help as string,
      nodes: (v.nodes as { target: string[]; html: string }[]).map(
        (n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`,
      ),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
