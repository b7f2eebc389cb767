import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eBaseUrl, launchBrowser, pageReady, signInThroughForm, visit } from './browser';

const baseUrl = e2eBaseUrl();
const SHOTS = '/tmp/shots';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The lists with row actions (ids are the demo data's): exams, an exam's students, corrections, reports. */
const LISTS = ['/exams', '/exams/1/preview/students', '/marking', '/generated-reports'];

/** What sticks out: a table container that scrolls sideways, or a row's button or link off the viewport. */
function measure(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      problems.push(`page: ${document.documentElement.scrollWidth - width} px`);
    for (const table of document.querySelectorAll('main table')) {
      let box: HTMLElement | null = table.parentElement;
      while (box && box.tagName !== 'MAIN' && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      if (box && box.scrollWidth - box.clientWidth > 1)
        problems.push(`table container: ${box.scrollWidth - box.clientWidth} px`);
      table.querySelectorAll('tbody tr').forEach((row, index) => {
        for (const control of row.querySelectorAll<HTMLElement>('button, a[href]')) {
          const rect = control.getBoundingClientRect();
          if (rect.width === 0) continue;
          if (rect.left < -1 || rect.right > width + 1)
            problems.push(
              `row ${index + 1}: "${control.textContent || control.getAttribute('aria-label')}" at ${Math.round(rect.left)}–${Math.round(rect.right)}`,
            );
        }
      });
    }
    return problems;
  });
}

describe('list widths', () => {
  it.each([
    ['en', 1025],
    ['ar', 1025],
    ['en', 1280],
    ['ar', 1280],
    ['en', 1440],
    ['ar', 1440],
  ] as const)('fits every list with its actions in view, in %s at %i px', async (language, width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await signInThroughForm(page, baseUrl, 'admin@example.com');
    const problems: string[] = [];
    for (const path of LISTS) {
      await visit(page, path);
      await page.getByTestId('user-menu').waitFor();
      await pageReady(page);
      // A list shows its table, or says it has no rows (the demo data may have no generated report).
      await page.locator('main table, [data-testid="no-data"]').first().waitFor({ timeout: 15_000 });
      for (const problem of await measure(page)) problems.push(`${path}: ${problem}`);
      if (width !== 1440 || problems.length > 0)
        await page.screenshot({ path: `${SHOTS}/${path.replace(/\W+/g, '-')}-${language}-${width}.png` });
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
