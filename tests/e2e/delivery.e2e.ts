import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { catalogs } from '../../locales/index';
import { ANSWER_KINDS } from '../../schemas/parts/question-kinds';
import { seriousAxeIssues } from './axe';
import { e2eBaseUrl, launchBrowser, moveClock, screenshot, serverNow, signInThroughForm } from './browser';
import { assignedStudents, benchmarkOf, reassignAfresh } from './fresh-attempt';

/**
 * The student's exam in a real browser, in Arabic: answers kept through a network cut and a reload,
 * synced when the connection returns, submitted with results; and an exam that submits itself when
 * its time runs out.
 */
const baseUrl = e2eBaseUrl();
const ar = catalogs.ar.student;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function studentPage(
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

const api = <T>(page: Page, method: string, path: string, body?: unknown): Promise<T> =>
  page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;

const status = (page: Page) => page.getByTestId('save-status');

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
async function answerPage(page: Page, prefix: string): Promise<string[]> {
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

describe('assigning from the console', () => {
  it('lets the author assign the demo benchmark to a school, in Arabic', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, baseUrl, 'author@example.com');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto(`${baseUrl}/exams`);
    const row = page.getByRole('row').filter({ hasText: 'الاختبار المعياري للقراءة والاستماع' });
    await row.getByRole('button', { name: catalogs.ar.exams.actions.more }).click();
    await page.getByRole('menuitem', { name: catalogs.ar.delivery.assign.action, exact: true }).click();
    await page.getByRole('list', { name: catalogs.ar.delivery.assign.schools }).waitFor();
    await page
      .getByRole('checkbox', { name: /المدرسة كاملة/ })
      .first()
      .check();
    await screenshot(page, 'assign-ar');
    await page.getByRole('button', { name: catalogs.ar.delivery.assign.submit, exact: true }).click();
    await page.getByText(catalogs.ar.exams.notifications.assigned).first().waitFor();
    await page.waitForURL(/\/exams$/);
    await context.close();
  });
});

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

  it('keeps every answer through a network cut and a reload, syncs them, and submits with results', async () => {
    // Straight from the sign-in page, with no other page load: the offline reload must still work.
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('language', 'ar'));
    await signInThroughForm(page, baseUrl, 'student@example.com');
    // Another file on this worker's server may have sat the benchmark: a fresh attempt, and the
    // list read again.
    await reassignAfresh(browser, page, await benchmarkOf(page));
    await page.reload();
    await page.getByRole('heading', { name: ar.my_exams.title, level: 1 }).waitFor();
    await screenshot(page, 'student-my-exams-ar');
    const card = page.getByTestId('student-exam-card').filter({ hasText: 'الاختبار المعياري للقراءة والاستماع' });
    await card.getByRole('link', { name: ar.my_exams.actions.start, exact: true }).click();
    await page.getByRole('button', { name: ar.start.begin }).click();
    await page.getByRole('timer').waitFor();
    const assignmentId = Number(new URL(page.url()).pathname.split('/')[2]);

    const answered = await answerPage(page, 'أولى');
    expect(answered.length).toBeGreaterThan(0);
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toContain(ar.sync.saved);
    await screenshot(page, 'student-player-ar');

    // The connection drops: every other page is answered, kept here, and the status says so.
    await context.setOffline(true);
    const next = page.getByRole('button', { name: ar.player.next });
    while (await next.isVisible()) {
      await next.click();
      answered.push(...(await answerPage(page, 'ثانية')));
    }
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toContain(ar.sync.offline);
    await screenshot(page, 'student-player-offline-ar');
    // Every answer type but the spoken one (recorded in its own test below) was answered.
    expect(new Set(answered)).toEqual(new Set(ANSWER_KINDS.filter((kind) => kind !== 'audio_response')));

    // The page is reloaded with the connection still down: it opens from this computer (the
    // service worker), and every answer comes back from IndexedDB.
    const offlineAnswers: string[] = [];
    page.on('response', (response) => {
      if (response.headers()['x-ltm-offline'] === '1') offlineAnswers.push(new URL(response.url()).pathname);
    });
    await page.reload();
    await page.getByRole('button', { name: ar.my_exams.actions.resume }).click();
    await page.getByRole('timer').waitFor();
    const answeredInMap = page.getByTestId('question-map-button').and(page.locator('.MuiButton-contained'));
    await expect.poll(() => answeredInMap.count()).toBe(answered.length);
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toContain(ar.sync.offline);
    await screenshot(page, 'student-player-reloaded-offline-ar');
    // What the page read came from this computer, not from the server.
    expect(offlineAnswers).toEqual(
      expect.arrayContaining(['/api/student/exams', `/api/student/exams/${assignmentId}/start`]),
    );

    // The connection returns: everything reaches the server.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toContain(ar.sync.saved);
    const attempt = await api<{ data: { answers: Record<string, unknown> } }>(
      page,
      'GET',
      `/api/student/exams/${assignmentId}/attempt`,
    );
    expect(Object.keys(attempt.data.answers).length).toBe(answered.length);

    // Submit, confirm, and see the result.
    await page.getByRole('button', { name: ar.player.review }).click();
    await page.getByRole('button', { name: ar.player.submit, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: ar.player.confirm.submit }).click();
    await page.getByTestId('result-score').waitFor();
    await screenshot(page, 'student-result-ar');
    const after = await api<{ data: { status: string } }>(page, 'GET', `/api/student/exams/${assignmentId}/attempt`);
    expect(after.data.status).toBe('submitted');
    await context.close();
  });

  it("records a spoken answer with a fake microphone and saves it as the student's own upload", async () => {
    const micBrowser = await launchBrowser({
      args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    });
    const context = await micBrowser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    await signInThroughForm(page, baseUrl, 'student@example.com');
    // The benchmark (every answer type) holds the spoken question; whatever happened to its attempt
    // above, the author reassigns it to this student first.
    const assignment = await reassignAfresh(micBrowser, page, await benchmarkOf(page));
    await page.goto(`${baseUrl}/my-exams/${assignment}`);
    await page.getByRole('button', { name: 'Start the exam' }).click();
    await page.getByRole('timer').waitFor();
    const recorder = page.getByTestId('audio-recorder').first();
    for (let i = 0; i < 6 && !(await recorder.isVisible()); i++)
      await page.getByRole('button', { name: 'Next' }).click();
    await recorder.getByRole('button', { name: 'Record' }).click();
    await expect.poll(() => recorder.getAttribute('data-state')).toBe('recording');
    await page.waitForTimeout(1500);
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => recorder.getAttribute('data-state')).toBe('localPlayback');
    // The upload cannot get through: the recording is kept on this computer, through a reload.
    await page.route('**/api/upload-media', (route) => route.abort('internetdisconnected'));
    await recorder.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => recorder.getAttribute('data-state'), { timeout: 15_000 }).toBe('remotePlayback');
    await recorder.getByTestId('recorder-note').waitFor();
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toContain('Offline');
    await page.reload();
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('timer').waitFor();
    for (let i = 0; i < 6 && !(await recorder.isVisible()); i++)
      await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => recorder.getAttribute('data-state')).toBe('remotePlayback');
    await recorder.getByTestId('recorder-note').waitFor();
    await screenshot(page, 'student-recording-kept-en');
    // The connection returns: the kept recording is uploaded and becomes the answer.
    await page.unroute('**/api/upload-media');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toContain('All answers saved');
    await recorder.getByTestId('recorder-note').waitFor({ state: 'detached' });
    const attempt = await api<{ data: { answers: Record<string, { answer: { media?: string } }> } }>(
      page,
      'GET',
      `/api/student/exams/${assignment}/attempt`,
    );
    const spoken = Object.values(attempt.data.answers).find((a) => a.answer?.media);
    expect(spoken?.answer.media).toMatch(/^media\/[0-9a-f]+\.webm$/);
    await micBrowser.close();
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
    await api<{ data: { status: string; auto_submitted: boolean; answers: Record<string, unknown> } }>(
      page,
      'GET',
      `/api/student/exams/${assignmentId}/attempt`,
    )
  ).data;

/**
 * As the author: reassigns the practice test to the demo student with a window that closes in
 * `seconds` of the server's time (its test clock), erasing their earlier attempts. Returns when it
 * closes (the attempt's deadline).
 */
async function reassignPractice(studentPage: Page, seconds: number): Promise<number> {
  const exams = await api<{ data: { exam: { id: number; is_mock: boolean } }[] }>(
    studentPage,
    'GET',
    '/api/student/exams',
  );
  const mock = exams.data.find((e) => e.exam.is_mock)!;
  const author = await browser.newContext();
  const authorPage = await author.newPage();
  await signInThroughForm(authorPage, baseUrl, 'author@example.com');
  const wall = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
  const now = await serverNow();
  const closes = new Date(Math.floor((now + seconds * 1000) / 1000) * 1000);
  const reassigned = await api<{ data: { assigned: number } }>(
    authorPage,
    'POST',
    `/api/exams/${mock.exam.id}/reassign/students`,
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
