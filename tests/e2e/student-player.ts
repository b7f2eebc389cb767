/* What the delivery-*.e2e.ts files share: a browser, the demo student's pages in Arabic, and how they answer. */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { catalogs } from '../../locales/index';
import { e2eBaseUrl, launchBrowser, signInThroughForm } from './browser';

/** This file's server (file-server.ts). */
export const baseUrl = e2eBaseUrl();
export const ar = catalogs.ar.student;
export let browser: Browser;

/** A browser for the calling file, closed at its end. */
export function useBrowser() {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** The demo student signed in, on My exams in Arabic. */
export async function studentPage(
  options: { bypassCSP?: boolean; clock?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // axe-core is injected as a script: only its test lifts the console's CSP.
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, bypassCSP: options.bypassCSP });
  // A clock the test moves with the server's (moveClock), over a deadline and its grace period.
  if (options.clock) await context.clock.install();
  const page = await context.newPage();
  await signInThroughForm(page, baseUrl, 'student@example.com');
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.goto(`${baseUrl}/my-exams`);
  await page.getByRole('heading', { name: ar.my_exams.title, level: 1 }).waitFor();
  return { context, page };
}

/** The player's save status. */
export const status = (page: Page) => page.getByTestId('save-status');

/**
 * Answers one question (or one of a paragraph's questions) from the keyboard where it matters:
 * reordering by its move buttons, matching and categorizing by their lists, then choices, then text.
 */
async function answerBlock(block: Locator, text: string): Promise<boolean> {
  const page = block.page();
  const items = block.getByTestId('reorder-item');
  if ((await items.count()) > 0) {
    await items
      .first()
      .getByRole('button', { name: /إلى الأسفل|down/ })
      .focus();
    await page.keyboard.press('Enter');
    return true;
  }
  const lists = block.getByRole('combobox');
  if ((await lists.count()) > 0) {
    for (const list of await lists.all()) {
      await list.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('listbox').waitFor();
      // Enter chooses the focused option: wait until the menu has moved the focus onto one (a loaded
      // machine may take a moment), or the Enter falls on nothing and the list stays open.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role') ?? '')).toBe('option');
      await page.keyboard.press('Enter');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
    }
    return true;
  }
  const radios = block.getByRole('radio');
  if ((await radios.count()) > 0) {
    await radios.first().check();
    return true;
  }
  const checkboxes = block.getByRole('checkbox');
  if ((await checkboxes.count()) > 0) {
    await checkboxes.first().check();
    return true;
  }
  const boxes = block.getByRole('textbox');
  if ((await boxes.count()) === 0) return false;
  for (const box of await boxes.all()) await box.fill(text);
  return true;
}

/** Answers every question of the visible page: the answer types it answered. */
export async function answerPage(page: Page, prefix: string): Promise<string[]> {
  const types: string[] = [];
  for (const card of await page.getByTestId('student-question').all()) {
    const type = (await card.getAttribute('data-answer-type'))!;
    const parts = type === 'paragraph' ? await card.getByRole('region').all() : [card];
    let answered = parts.length > 0;
    for (const part of parts) answered = (await answerBlock(part, `${prefix} إجابة`)) && answered;
    if (answered) types.push(type);
  }
  return types;
}
