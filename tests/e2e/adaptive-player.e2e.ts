import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogs } from '../../locales/index';
import { e2eBaseUrl, launchBrowser, pageApi, screenshot, signInThroughForm } from './browser';

/**
 * The demo's adaptive reading check (issue 43), sat from the keyboard: one question at a time, the
 * next from the server with the confirmation, focus on each new question; halfway the student
 * reloads in English and resumes at the same question; the test ends by its rules and is submitted.
 * Then the author reads its item analysis in Arabic (the second test needs the first's sitting).
 */
const baseUrl = e2eBaseUrl();
const { ar, en } = { ar: catalogs.ar.student, en: catalogs.en.student };
const ADAPTIVE_AR = 'اختبار القراءة التكيفي';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName ?? '',
      type: (element as HTMLInputElement | null)?.type ?? '',
      id: element?.id ?? '',
      text: element?.textContent ?? '',
    };
  });

/** Presses Tab until `matches` holds for the focused element. */
async function tabTo(page: Page, matches: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 40) {
  for (let i = 0; i < max; i++) {
    if (matches(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reached by Tab');
}

const answeredCount = (page: Page) =>
  page.getByTestId('adaptive-answered').evaluate((element) => Number(element.textContent!.replace(/\D+/g, '')));

/**
 * Answers the question on screen from the keyboard (the first choice, by Space) and confirms it
 * (Enter on Confirm and continue); returns once the next question (or the end) has the focus.
 */
async function answerByKeyboard(page: Page, confirm: string) {
  const before = await answeredCount(page);
  // Each new question's heading takes the focus: the student starts there.
  await expect.poll(async () => (await focused(page)).id).toMatch(/-heading$/);
  const start = await focused(page);
  await tabTo(page, (f) => f.tag === 'INPUT' && (f.type === 'radio' || f.type === 'checkbox'));
  await page.keyboard.press('Space');
  await tabTo(page, (f) => f.tag === 'BUTTON' && f.text === confirm);
  await page.keyboard.press('Enter');
  await expect.poll(() => answeredCount(page)).toBe(before + 1);
  await expect.poll(async () => (await focused(page)).id).not.toBe(start.id);
}

describe('an adaptive exam, by keyboard, in Arabic then English', () => {
  it('gives one question at a time, resumes at the same question after a reload, and ends by its rules', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    await signInThroughForm(page, baseUrl, 'student@example.com');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByRole('heading', { name: ar.my_exams.title, level: 1 }).waitFor();
    const card = page.getByTestId('student-exam-card').filter({ hasText: ADAPTIVE_AR });
    await card.getByRole('link', { name: ar.my_exams.actions.start, exact: true }).click();
    await page.getByRole('button', { name: ar.start.begin }).click();
    await page.getByRole('timer').waitFor();
    const assignmentId = Number(new URL(page.url()).pathname.split('/')[2]);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByText(ar.player.adaptive.intro).waitFor();
    // One question on screen, never a list of them.
    expect(await page.getByTestId('question-map-button').count()).toBe(0);
    await screenshot(page, 'adaptive-player-ar');

    await answerByKeyboard(page, ar.player.adaptive.confirm);
    await answerByKeyboard(page, ar.player.adaptive.confirm);
    // The third question's heading has the focus; its id names the question.
    await expect.poll(async () => (await focused(page)).id).toMatch(/-heading$/);
    const third = (await focused(page)).id;
    await screenshot(page, 'adaptive-player-third-ar');

    // A reload in English: the same question, the two answers counted.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByRole('button', { name: en.my_exams.actions.resume }).click();
    await page.getByRole('timer').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await expect.poll(() => answeredCount(page)).toBe(2);
    await expect.poll(async () => (await focused(page)).id).toBe(third);

    // On by keyboard until the test stops (at the precision or the last question of the pool).
    const finished = page.getByRole('heading', { name: en.player.adaptive.finished_title });
    for (let guard = 0; guard < 20 && !(await finished.isVisible()); guard++)
      await answerByKeyboard(page, en.player.adaptive.confirm);
    await finished.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('adaptive-finished-heading');
    await screenshot(page, 'adaptive-player-finished-en');
    const view = await pageApi<{ data: { adaptive: { answered: number; finished: boolean } } }>(
      page,
      'GET',
      `/student/exams/${assignmentId}/attempt`,
    );
    expect(view.data.adaptive.finished).toBe(true);
    expect(view.data.adaptive.answered).toBeGreaterThanOrEqual(4);

    await tabTo(page, (f) => f.tag === 'BUTTON' && f.text === en.player.submit);
    await page.keyboard.press('Enter');
    await page.getByTestId('result-score').waitFor();
    await expect(page.getByTestId('result-score').textContent()).resolves.toBe(en.result.not_released);
    const after = await pageApi<{ data: { status: string } }>(page, 'GET', `/student/exams/${assignmentId}/attempt`);
    expect(after.data.status).toBe('submitted');
    await context.close();
  });

  it("shows the author the exam's adaptive test first in its item analysis, in Arabic", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, baseUrl, 'author@example.com');
    const exams = await pageApi<{ data: { id: number; name_en: string }[] }>(page, 'GET', '/exams?per_page=100');
    const exam = exams.data.find((e) => e.name_en === 'Adaptive Reading Check, Grade 4')!;
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto(`${baseUrl}/exams/${exam.id}/item-analysis`);
    const panel = page.getByTestId('adaptive-analysis');
    await panel.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const analysis = catalogs.ar.item_analysis;
    await expect
      .poll(() => page.getByRole('tablist', { name: analysis.title }).getByRole('tab').allTextContents())
      .toEqual([analysis.sections.adaptive, analysis.sections.items, analysis.sections.markers]);
    await panel.getByRole('heading', { name: /الاختبار التكيفي على مقياس القراءة/ }).waitFor();
    // The student's one sitting: measured once, each question given to them at most once.
    expect(await page.getByTestId('adaptive-figure-measured').textContent()).toMatch(/1$/);
    expect(await page.getByTestId('adaptive-question-row').count()).toBe(9);
    await screenshot(page, 'adaptive-analysis-ar');
    await context.close();
  });
});
