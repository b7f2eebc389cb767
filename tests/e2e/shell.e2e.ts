import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { e2eBaseUrl, launchBrowser, pageApi, pageReady, screenshot, signInThroughForm } from './browser';

const baseUrl = e2eBaseUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  return { context, page: await context.newPage() };
}

describe('console shell', () => {
  it('shows the public landing page and the login page in both languages', async () => {
    const { context, page } = await freshPage();
    await page.goto(baseUrl);
    await expect.poll(() => page.locator('form').count()).toBeGreaterThan(0);
    await screenshot(page, 'landing-en');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'landing-ar');
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="email"]').waitFor();
    await screenshot(page, 'login-ar');
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByTestId('not-found-page').waitFor();
    await context.close();
  });

  it('signs in as admin, switches to Arabic and mirrors the shell', async () => {
    const { context, page } = await freshPage();
    await signInThroughForm(page, baseUrl, 'admin@example.com');
    await page.waitForURL(`${baseUrl}/exams`);
    await page.getByRole('link', { name: 'Exams' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    expect(await page.title()).toContain('Arabic Benchmark Assessment');
    await screenshot(page, 'shell-en');

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
    await page.getByRole('link', { name: 'الاختبارات', exact: true }).waitFor();
    await page.getByTestId('settings-menu').click();
    await page.getByRole('menuitem', { name: 'إدارة المستخدمين' }).waitFor();
    await screenshot(page, 'shell-ar-settings');
    await page.keyboard.press('Escape');
    // The header runs right to left: the logo sits to the right of the user menu.
    const logo = await page.locator('header a').first().boundingBox();
    const userMenu = await page.getByTestId('user-menu').boundingBox();
    expect(logo!.x).toBeGreaterThan(userMenu!.x);
    await screenshot(page, 'shell-ar');
    await context.close();
  });

  it('covers the app with the block page at 1024 px and below, and keeps unsaved input', async () => {
    const { context, page } = await freshPage();
    await signInThroughForm(page, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/profile`);
    const name = page.locator('input[name="name"]');
    await name.fill('Half-typed name');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('block-page').waitFor();
    expect(await page.getByTestId('user-menu').isVisible()).toBe(false);
    await screenshot(page, 'block-page-en');
    await page.setViewportSize({ width: 1025, height: 768 });
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('block-page').count()).toBe(0);
    expect(await name.inputValue()).toBe('Half-typed name');
    await context.close();
  });

  it('never blocks a zoomed wide window: 200% of 1280 px shows the console, reflowed', async () => {
    // Chromium's zoom halves the viewport and doubles the pixel ratio; the window keeps its width.
    const context = await browser.newContext({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });
    await context.addInitScript(() => Object.defineProperty(window, 'outerWidth', { get: () => 1280 }));
    const page = await context.newPage();
    await signInThroughForm(page, baseUrl, 'admin@example.com');
    await page.goto(`${baseUrl}/exams`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('block-page').count()).toBe(0);
    await screenshot(page, 'zoom-200-exams-en');
    await context.close();
  });

  it('never covers an exam with the block page: its clock runs on the server', async () => {
    const { context, page } = await freshPage();
    await signInThroughForm(page, baseUrl, 'student@example.com');
    // An exam the student can still open (earlier files may have submitted others: those show their result).
    const exams = await pageApi<{ data: { id: number; status: string }[] }>(page, 'GET', '/student/exams');
    const id = exams.data.find((exam) => ['available', 'in_progress'].includes(exam.status))!.id;
    await page.setViewportSize({ width: 1000, height: 760 });
    await page.goto(`${baseUrl}/my-exams`);
    await page.getByTestId('block-page').waitFor();
    await page.goto(`${baseUrl}/my-exams/${id}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('block-page').count()).toBe(0);
    await screenshot(page, 'exam-start-1000-en');
    await context.close();
  });

  it('changes the name on /profile and logs out behind a confirmation', async () => {
    const { context, page } = await freshPage();
    await signInThroughForm(page, baseUrl, 'author@example.com');
    await page.goto(`${baseUrl}/profile`);
    const name = page.locator('input[name="name"]');
    await name.waitFor();
    await name.fill('Omar the Author');
    await name.press('Enter');
    await expect.poll(() => page.getByTestId('user-menu').innerText()).toContain('Omar the Author');
    const me = await page.evaluate(async () => (await fetch('/api/user')).json());
    expect(me.data.name).toBe('Omar the Author');
    await screenshot(page, 'profile-en');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    const after = await page.evaluate(async () => (await fetch('/api/user')).status);
    expect(after).toBe(401);
    await context.close();
  });

  it('loads every page without a Content-Security-Policy violation', async () => {
    const { context, page } = await freshPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
      );
    });
    const violations = async () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    const userCalls: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/user') userCalls.push(response.status());
    });
    await page.goto(baseUrl);
    await page.locator('form').first().waitFor();
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="email"]').waitFor();
    expect(await violations()).toEqual([]);
    // A signed-out visitor's public pages ask nothing of the session (no 401 in the console).
    expect(userCalls).toEqual([]);
    await signInThroughForm(page, baseUrl, 'author@example.com');
    for (const path of ['/exams', '/questions-bank', '/questions-bank/create', '/settings/exams/skills', '/profile']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByTestId('user-menu').waitFor();
      await pageReady(page);
      expect(await violations(), path).toEqual([]);
    }
    await context.close();
  });

  it('keeps the student out of the admin screens', async () => {
    const { context, page } = await freshPage();
    await signInThroughForm(page, baseUrl, 'student@example.com');
    await page.goto(`${baseUrl}/exams`);
    await page.waitForURL(`${baseUrl}/restricted`);
    await page.getByTestId('restricted-page').waitFor();
    expect(await page.getByRole('link', { name: 'Exams', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('settings-menu').count()).toBe(0);
    const adminApi = await page.evaluate(async () => (await fetch('/api/demo-requests')).status);
    expect(adminApi).toBe(403);
    await screenshot(page, 'restricted-student-en');
    await context.close();
  });
});
