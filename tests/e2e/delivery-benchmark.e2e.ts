import { describe, expect, it } from 'vitest';
import { catalogs } from '../../locales/index';
import { ANSWER_KINDS } from '../../schemas/parts/question-kinds';
import { launchBrowser, pageApi, screenshot, signInThroughForm } from './browser';
import { benchmarkOf, reassignAfresh } from './fresh-attempt';
import { answerPage, ar, baseUrl, browser, status, useBrowser } from './student-player';

/**
 * The demo benchmark in a real browser, in Arabic: assigned from the console; answers kept through a
 * network cut and a reload, synced when the connection returns, submitted with results; and a spoken
 * answer kept through a failed upload.
 */
useBrowser();

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
    const attempt = await pageApi<{ data: { answers: Record<string, unknown> } }>(
      page,
      'GET',
      `/student/exams/${assignmentId}/attempt`,
    );
    expect(Object.keys(attempt.data.answers).length).toBe(answered.length);

    // Submit, confirm, and see the result.
    await page.getByRole('button', { name: ar.player.review }).click();
    await page.getByRole('button', { name: ar.player.submit, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: ar.player.confirm.submit }).click();
    await page.getByTestId('result-score').waitFor();
    await screenshot(page, 'student-result-ar');
    const after = await pageApi<{ data: { status: string } }>(page, 'GET', `/student/exams/${assignmentId}/attempt`);
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
    const attempt = await pageApi<{ data: { answers: Record<string, { answer: { media?: string } }> } }>(
      page,
      'GET',
      `/student/exams/${assignment}/attempt`,
    );
    const spoken = Object.values(attempt.data.answers).find((a) => a.answer?.media);
    expect(spoken?.answer.media).toMatch(/^media\/[0-9a-f]+\.webm$/);
    await micBrowser.close();
  });
});
