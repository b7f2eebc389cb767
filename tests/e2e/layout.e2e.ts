import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { e2eBaseUrl, launchBrowser, pageReady, screenshot, signInThroughForm, visit } from './browser';

const baseUrl = e2eBaseUrl();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every screen of the console an administrator reaches (ids are the demo data's). */
const PAGES = [
  '/exams',
  '/exams/create',
  '/exams/1/edit',
  '/exams/1/preview',
  '/exams/1/localize',
  '/questions-bank',
  '/questions-bank/create',
  '/questions-bank/1/edit',
  '/questions-bank/1/preview',
  '/settings/exams/skills',
  '/settings/exams/skills/create',
  '/settings/exams/durations',
  '/settings/questions/learning-outcomes',
  '/settings/users',
  '/settings/users/create',
  '/settings/schools',
  '/settings/platforms',
  '/profile',
  '/demo-requests',
];

describe('layout', () => {
  it.each([
    ['en', 1280],
    ['ar', 1280],
    ['en', 1025],
    ['ar', 1025],
  ] as const)('never scrolls sideways in %s at %i px', async (language, width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await signInThroughForm(page, baseUrl, 'admin@example.com');
    const overflowing: string[] = [];
    for (const path of PAGES) {
      await visit(page, path);
      await page.getByTestId('user-menu').waitFor();
      await pageReady(page);
      const extra = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (extra > 0) {
        overflowing.push(`${path}: ${extra} px`);
        await screenshot(page, `overflow${path.replace(/\W+/g, '-')}-${language}-${width}`);
      }
    }
    if (width === 1280) {
      await page.goto(`${baseUrl}/exams`);
      await pageReady(page);
      await screenshot(page, `exams-list-${language}-${width}`);
    }
    expect(overflowing).toEqual([]);
    await context.close();
  });
});
