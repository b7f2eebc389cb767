import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogs } from '../../locales/index';
import { benchmarkOf, reassignAfresh } from './fresh-attempt';
import { e2eBaseUrl, launchBrowser, pageApi, screenshot, signInThroughForm } from './browser';

/**
 * Issue 23, shared school computers, in Chromium: a student answers (a recording among the answers,
 * with Chromium's fake microphone), is warned before signing out while an answer has not reached
 * the server, and once it has, signs out; then nothing of theirs is left in IndexedDB, in the
 * service worker's caches or in the HTTP cache, and no session cookie remains.
 */
const baseUrl = e2eBaseUrl();
const en = catalogs.en;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] });
});
afterAll(async () => {
  await browser?.close();
});

/** Everything of a student's this browser could still hold. */
function leftovers(page: Page, recordingUrl: string) {
  return page.evaluate(async (url) => {
    const rows = await new Promise<{ answers: number; recordings: number }>((resolve, reject) => {
      const open = indexedDB.open('ltm-student');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const stores = ['answers', 'recordings'].filter((name) => db.objectStoreNames.contains(name));
        if (stores.length === 0) return resolve({ answers: 0, recordings: 0 });
        const tx = db.transaction(stores, 'readonly');
        const counted = { answers: 0, recordings: 0 };
        for (const name of stores) {
          const count = tx.objectStore(name).count();
          count.onsuccess = () => (counted[name as 'answers' | 'recordings'] = count.result);
        }
        tx.oncomplete = () => {
          db.close();
          resolve(counted);
        };
      };
    });
    const cached: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys())
        if (new URL(request.url).pathname.startsWith('/api/')) cached.push(`${name}: ${request.url}`);
    // The HTTP cache only: a recording still there would be answered without the network.
    let httpCache = 'absent';
    try {
      const response = await fetch(url, { cache: 'only-if-cached', mode: 'same-origin' });
      if (response.ok) httpCache = 'present';
    } catch {
      // Not in the cache: the fetch fails rather than go to the network.
    }
    return { ...rows, cached, httpCache, flags: Object.keys(localStorage).filter((k) => k.startsWith('student-')) };
  }, recordingUrl);
}

describe('a shared school computer', () => {
  it("keeps nothing of a student's once they sign out: IndexedDB, the service worker's caches, the HTTP cache", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    await signInThroughForm(page, baseUrl, 'student@example.com');
    // The benchmark with a spoken question, started afresh (the author reassigns it).
    const assignment = await reassignAfresh(browser, page, await benchmarkOf(page));
    await page.goto(`${baseUrl}/my-exams/${assignment}`);
    await page.getByRole('button', { name: en.student.start.begin }).click();
    await page.getByRole('timer').waitFor();
    await page.getByRole('radio').first().check();
    const recorder = page.getByTestId('audio-recorder').first();
    for (let i = 0; i < 8 && !(await recorder.isVisible()); i++)
      await page.getByRole('button', { name: en.student.player.next }).click();
    await recorder.getByRole('button', { name: en.recorder.record }).click();
    await expect.poll(() => recorder.getAttribute('data-state')).toBe('recording');
    await page.waitForTimeout(1500);
    await recorder.getByRole('button', { name: en.recorder.stop }).click();
    await recorder.getByRole('button', { name: en.recorder.save }).click();
    await expect.poll(() => recorder.getAttribute('data-state'), { timeout: 15_000 }).toBe('remotePlayback');
    const status = page.getByTestId('save-status');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toContain(en.student.sync.saved);
    // Kept sealed on the computer (issue 39): each answer row holds an IV and ciphertext, no answer.
    const kept = await page.evaluate(
      () =>
        new Promise<string[][]>((resolve, reject) => {
          const open = indexedDB.open('ltm-student');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('answers').objectStore('answers').getAll();
            all.onsuccess = () => {
              open.result.close();
              resolve((all.result as { answer: object }[]).map((row) => Object.keys(row.answer).sort()));
            };
          };
        }),
    );
    expect(kept.length).toBeGreaterThan(0);
    for (const keys of kept) expect(keys).toEqual(['data', 'iv']);

    // The recording as the server serves it: never to be kept by the browser.
    const attempt = await pageApi<{ data: { answers: Record<string, { answer: { media?: string } }> } }>(
      page,
      'GET',
      `/student/exams/${assignment}/attempt`,
    );
    const media = Object.values(attempt.data.answers).find((a) => a.answer?.media)!.answer.media!;
    const recordingUrl = `/api/media/${media.replace(/^media\//, '')}`;
    const served = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, cache: response.headers.get('cache-control') };
    }, recordingUrl);
    expect(served).toEqual({ status: 200, cache: 'no-store' });
    const before = await leftovers(page, recordingUrl);
    expect(before.answers).toBeGreaterThan(0);
    // What stays on disk should the browser be closed now (issue 39): the service worker's kept
    // reads and the stored sign-in name no one and hold no answer.
    const atRest = await page.evaluate(async () => {
      const kept: Record<string, string> = { user: localStorage.getItem('user') ?? '' };
      const cache = await caches.open('ltm-student-api');
      for (const request of await cache.keys())
        kept[new URL(request.url).pathname] = await (await cache.match(request))!.text();
      return kept;
    });
    expect(Object.keys(atRest)).toContain(`/api/student/exams/${assignment}/attempt`);
    for (const [key, text] of Object.entries(atRest)) expect(text, key).not.toMatch(/Layla|ليلى|student@/);
    expect(JSON.parse(atRest[`/api/student/exams/${assignment}/attempt`]).data.answers).toEqual({});

    // An answer that cannot reach the server: signing out warns first.
    await context.setOffline(true);
    await page.getByTestId('question-map-button').first().click();
    await page.getByRole('radio').last().check();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    const warning = page.getByRole('dialog');
    await warning.getByRole('heading', { name: en.student.sign_out.unsent_title }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'student-sign-out-unsent-en');
    await page.keyboard.press('Escape');
    await warning.waitFor({ state: 'detached' });
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain(en.student.sync.saved);

    // Everything is on the server: the usual question, then nothing of the student's stays.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(en.nav.logout_confirm_content).waitFor();
    await dialog.getByRole('button', { name: en.nav.logout }).click();
    await page.waitForURL(/\/login/);
    const after = await leftovers(page, recordingUrl);
    expect(after).toEqual({ answers: 0, recordings: 0, cached: [], httpCache: 'absent', flags: [] });
    expect((await context.cookies()).filter((c) => c.name === 'ltm_session')).toEqual([]);
    await context.close();
  });
});
