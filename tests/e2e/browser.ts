import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { chromium, type Browser, type Frame, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const SCREENSHOTS = path.resolve('tests/e2e/screenshots');

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/sh' }).toString().trim();
  } catch {
    throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  }
}

/**
 * Debian's Chromium, headless, with the flags this closed network needs. `args` adds flags,
 * e.g. a fake microphone: `--use-fake-ui-for-media-stream --use-fake-device-for-media-stream`.
 */
export async function launchBrowser(options: { args?: string[] } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.args ?? []),
    ],
  });
  // Every page asks for reduced motion, as a reader may (the console then has no transitions):
  // an action never waits for a menu's fade or a backdrop leaving (about 0.9 s a select before).
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (contextOptions = {}) => newContext({ reducedMotion: 'reduce', ...contextOptions });
  browser.newPage = (pageOptions = {}) => newPage({ reducedMotion: 'reduce', ...pageOptions });
  return browser;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  // Transitions (a menu fading in) are finished before the picture, instead of waiting for them.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

export const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-browser-'));

/** Signs in through the login page and waits to leave it. */
export async function signInThroughForm(page: Page, baseUrl: string, email: string, password = 'Demo@2026') {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/**
 * Types a date-time into a MUI X picker field by keyboard, as a user would: its sections (year,
 * month, day, hours, minutes) take the digits in order, e.g. "202612010900".
 */
export async function typeWallTime(page: Page, name: string, digits: string) {
  const field = page.locator(`input[name="${name}"]`).locator('xpath=..');
  await field.locator('[role="spinbutton"]').first().click();
  await page.keyboard.type(digits, { delay: 30 });
}

/** Calls the API with the page's session, as the console does; a failure names the call and the answer. */
export async function pageApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
  if (answer.status >= 400) throw new Error(`${method} /api${path}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

/**
 * Waits for the console's page-ready signal (src/client/pageReady.ts): no API call or chunk in
 * flight and no progress bar, held for 200 ms and five frames in a row (a long render blocks the
 * frames; the reads it starts begin only after it commits). It replaces fixed pauses; `progress:
 * false` ignores progress bars (a page that keeps one on purpose: an import's finished job).
 */
export async function pageReady(
  page: Page | Frame,
  options: { timeout?: number; progress?: boolean } = {},
): Promise<void> {
  const token = `${Date.now()}-${Math.random()}`;
  await page.waitForFunction(
    ({ token, progress }) => {
      const w = window as Window & { __ready?: { token: string; since: number; frames: number } };
      if (w.__ready?.token !== token) w.__ready = { token, since: 0, frames: 0 };
      const busy =
        document.documentElement.dataset.requests !== '0' ||
        (progress && document.querySelector('[role="progressbar"]') !== null);
      if (busy) {
        w.__ready.frames = 0;
        return false;
      }
      if (w.__ready.frames++ === 0) w.__ready.since = performance.now();
      return w.__ready.frames >= 5 && performance.now() - w.__ready.since >= 200;
    },
    { token, progress: options.progress !== false },
    { polling: 'raf', timeout: options.timeout ?? 15_000 },
  );
}

/** Paths the students' boot serves (src/client/boot.ts): reached by loading the page. */
const STUDENT_BOOT = /^\/(login|my-exams)?(\/|$)/;

/**
 * Opens `path` of the console as a user following a link would: inside the console already, by
 * its router (no new page load: the console's scripts are not read and started again); otherwise,
 * or for a path of the students' boot, by loading the page.
 */
export async function visit(page: Page, path: string): Promise<void> {
  const target = new URL(path, e2eBaseUrl());
  const inConsole =
    page.url().startsWith(target.origin) &&
    (await page.evaluate(() => document.documentElement.dataset.app === 'console'));
  if (!inConsole || STUDENT_BOOT.test(target.pathname)) {
    await page.goto(target.href);
    return;
  }
  // pushState is synchronous, and the router may move on at once (a role without the screen is
  // sent to the restricted page): no wait for the address, the caller's pageReady follows.
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `${target.pathname}${target.search}`);
}

/** This file's server: its worker's (file-server.ts). */
export function e2eBaseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('No e2e server: run the e2e tests with tests/e2e/vitest.config.ts');
  return url;
}

/**
 * Moves time forward by `seconds` on this file's server (its test clock, TEST_CLOCK=1) and in the
 * given pages (which called `page.clock.install()` before they loaded), instead of waiting for a
 * deadline, a grace period or the monitor's online window. Answers the server's new time.
 */
export async function moveClock(seconds: number, pages: Page[] = []): Promise<number> {
  const now = await setTestClock({ advance_seconds: seconds });
  for (const page of pages) await page.clock.fastForward(seconds * 1000);
  return now;
}

/**
 * The server's test clock (`POST /api/test/clock`): moved forward, or set back to the real time.
 * Answers the server's new time.
 */
export async function setTestClock(
  body: { advance_seconds: number } | { reset: true },
  baseUrl = e2eBaseUrl(),
): Promise<number> {
  const response = await fetch(`${baseUrl}/api/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`the test clock: ${response.status} ${await response.text()}`);
  return Date.parse(((await response.json()) as { data: { now: string } }).data.now);
}

/** The server's time now (its test clock). */
export async function serverNow(): Promise<number> {
  const response = await fetch(`${e2eBaseUrl()}/api/test/clock`);
  return Date.parse(((await response.json()) as { data: { now: string } }).data.now);
}

/**
 * Moves a sortable row from the keyboard as a user of a screen reader does (dnd-kit's keyboard
 * sensor): Space lifts it, each key moves it one place, Space drops it. Each step waits for what
 * the page shows of it, not for a pause: the handle pressed, the live region's new announcement
 * (the row is over another place), the handle released.
 */
export async function moveByKeyboard(page: Page, handle: Locator, keys: string[]): Promise<void> {
  const live = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
  for (const key of keys) {
    const before = await live.textContent();
    // A key pressed while dnd-kit is still measuring the rows after the lift finds no place to go
    // and is dropped (seen on a loaded CI machine): a key the live region has not answered within
    // 3 s is pressed again, as a user would.
    let moved = false;
    for (let attempt = 0; attempt < 3 && !moved; attempt += 1) {
      await page.keyboard.press(key);
      moved = await expect
        .poll(() => live.textContent(), { timeout: 3_000 })
        .not.toBe(before)
        .then(() => true)
        .catch(() => false);
    }
    expect(moved, `the live region answered ${key}`).toBe(true);
  }
  await page.keyboard.press('Space');
  await expect.poll(() => handle.getAttribute('aria-pressed')).toBeNull();
}
