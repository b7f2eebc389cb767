import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { chromium, type Browser, type Page } from 'playwright-core';

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
export function launchBrowser(options: { args?: string[] } = {}): Promise<Browser> {
  return chromium.launch({
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
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
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
