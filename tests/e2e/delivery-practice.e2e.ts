import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeIssues } from './axe';
import { moveClock, pageApi, screenshot, serverNow, signInThroughForm } from './browser';
import { assignedStudents } from './fresh-attempt';
import { answerPage, ar, baseUrl, browser, studentPage, useBrowser } from './student-player';

/**
 * The demo practice test in a real browser, in Arabic: My exams and the player without serious
 * accessibility issues; an exam that submits itself when its time runs out; answers kept through a
 * network cut across the deadline, taken within the grace period and refused after it.
 */
useBrowser();

describe("the student's exam", () => {
  it('has no serious or critical accessibility issue on My exams and the player, in Arabic and English', async () => {
    const { context, page } = await studentPage({ bypassCSP: true });
    const found: Record<string, unknown> = {};
    for (const language of ['ar', 'en']) {
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      await page.goto(`${baseUrl}/my-exams`);
      await page.getByTestId('student-exam-card').first().waitFor();
      found[`my-exams ${language}`] = await seriousAxeIssues(page);
      const card = page.getByTestId('student-exam-card').filter({ hasText: /Practice Test|اختبار تجريبي/ });
      await card.getByRole('link').first().click();
      await page
        .getByRole('button')
        .filter({ hasText: /Start the exam|ابدأ الاختبار|Resume|تابع/ })
        .first()
        .click();
      await page.getByRole('timer').waitFor();
      found[`player ${language}`] = await seriousAxeIssues(page);
    }
    expect(found).toEqual({ 'my-exams ar': [], 'player ar': [], 'my-exams en': [], 'player en': [] });
    await context.close();
  });

  it('submits by itself when the time runs out', async () => {
    const { context, page } = await studentPage({ clock: true });
    const deadline = await reassignPractice(page, 600);
    const { assignmentId } = await startPractice(page);
    await answerPage(page, 'قبل نهاية الوقت');
    // A change of language mid-exam reloads the page straight back to the questions, never to the
    // start page (issue 41), and back again.
    for (const [language, resume] of [
      ['English', 'Resume'],
      ['العربية', ar.my_exams.actions.resume],
    ] as const) {
      await page.getByTestId('language-switcher').click();
      await page.getByRole('menuitem', { name: language }).click();
      await page.getByRole('timer').waitFor();
      expect(await page.getByRole('button', { name: resume, exact: true }).count()).toBe(0);
    }
    // Time runs out, on the server and in the player, without waiting for it: at zero the player
    // submits on its own and shows the result.
    await moveClock(await secondsUntil(deadline + 1_000), [page]);
    await page.getByTestId('result-score').waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await attemptOf(page, assignmentId)).status, { timeout: 20_000 }).toBe('submitted');
    await screenshot(page, 'student-time-up-ar');
    await context.close();
  });

  it('keeps answers through a cut across the deadline and takes them within the grace period', async () => {
    const { context, page } = await studentPage({ clock: true });

    // The cut starts before the deadline and ends within the grace period: every kept answer is taken.
    const deadline = await reassignPractice(page, 600);
    const { assignmentId } = await startPractice(page);
    await context.setOffline(true);
    const kept = await answerAllPages(page, 'قبل الانقطاع');
    expect(kept.length).toBeGreaterThan(1);
    await moveClock(await secondsUntil(deadline + 5_000), [page]);
    await page.getByText(ar.player.submit_problem.offline).waitFor({ timeout: 30_000 });
    await screenshot(page, 'student-cut-at-deadline-ar');
    expect(await serverNow()).toBeLessThan(deadline + GRACE_MS);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByTestId('result-score').waitFor({ timeout: 15_000 });
    expect(await serverNow()).toBeLessThan(deadline + GRACE_MS);
    const taken = await attemptOf(page, assignmentId);
    expect([taken.status, Object.keys(taken.answers).length]).toEqual(['submitted', kept.length]);
    expect(await page.getByTestId('result-late-answers').count()).toBe(0);
    await context.close();
  });

  it('refuses answers kept through a cut that lasts past the grace period, with a message', async () => {
    const { context, page } = await studentPage({ clock: true });
    // The server submitted the attempt with what it had, and the player says the answers it kept
    // arrived too late.
    const deadline = await reassignPractice(page, 600);
    const { assignmentId } = await startPractice(page);
    await context.setOffline(true);
    const late = await answerPage(page, 'بعد المهلة');
    expect(late.length).toBeGreaterThan(0);
    await moveClock(await secondsUntil(deadline + GRACE_MS + 8_000), [page]);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const message = page.getByTestId('result-late-answers');
    await message.waitFor({ timeout: 30_000 });
    expect(await message.textContent()).toContain('بعد إغلاق الاختبار');
    await screenshot(page, 'student-answers-too-late-ar');
    const refused = await attemptOf(page, assignmentId);
    expect([refused.status, refused.auto_submitted, Object.keys(refused.answers)]).toEqual(['submitted', true, []]);
    await context.close();
  });
});

/** The e2e server's grace period (`DELIVERY_GRACE_SECONDS` in global-setup.ts). */
const GRACE_MS = 20_000;

/** Whole seconds from the server's time now until `at` (at least one). */
const secondsUntil = async (at: number) => Math.max(1, Math.ceil((at - (await serverNow())) / 1000));

const attemptOf = async (page: Page, assignmentId: number) =>
  (
    await pageApi<{ data: { status: string; auto_submitted: boolean; answers: Record<string, unknown> } }>(
      page,
      'GET',
      `/student/exams/${assignmentId}/attempt`,
    )
  ).data;

/**
 * As the author: reassigns the practice test to the demo student with a window that closes in
 * `seconds` of the server's time (its test clock), erasing their earlier attempts. Returns when it
 * closes (the attempt's deadline).
 */
async function reassignPractice(studentPage: Page, seconds: number): Promise<number> {
  const exams = await pageApi<{ data: { exam: { id: number; is_mock: boolean } }[] }>(
    studentPage,
    'GET',
    '/student/exams',
  );
  const mock = exams.data.find((e) => e.exam.is_mock)!;
  const author = await browser.newContext();
  const authorPage = await author.newPage();
  await signInThroughForm(authorPage, baseUrl, 'author@example.com');
  const wall = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
  const now = await serverNow();
  const closes = new Date(Math.floor((now + seconds * 1000) / 1000) * 1000);
  const reassigned = await pageApi<{ data: { assigned: number } }>(
    authorPage,
    'POST',
    `/exams/${mock.exam.id}/reassign/students`,
    {
      school_ids: [],
      student_ids: await assignedStudents(authorPage, mock.exam.id),
      start_date_time: wall(new Date(now - 3_600_000)),
      end_date_time: wall(closes),
    },
  );
  expect(reassigned.data.assigned).toBe(1);
  await author.close();
  return closes.getTime();
}

/** Opens the practice test from My exams and starts it: its assignment id. */
async function startPractice(page: Page): Promise<{ assignmentId: number }> {
  await page.goto(`${baseUrl}/my-exams`);
  const card = page.getByTestId('student-exam-card').filter({ hasText: 'اختبار تجريبي، الصف الرابع' });
  await card.getByRole('link', { name: ar.my_exams.actions.start, exact: true }).click();
  await page.getByRole('button', { name: ar.start.begin }).click();
  await page.getByRole('timer').waitFor();
  return { assignmentId: Number(new URL(page.url()).pathname.split('/')[2]) };
}

/** Answers every page of the exam, moving on with Next: the answer types it answered. */
async function answerAllPages(page: Page, prefix: string): Promise<string[]> {
  const answered = await answerPage(page, prefix);
  const next = page.getByRole('button', { name: ar.player.next });
  while (await next.isVisible()) {
    await next.click();
    answered.push(...(await answerPage(page, prefix)));
  }
  return answered;
}
