import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { catalogs } from '../../locales/index';
import { startLtiPlatform } from '../helpers/lti-platform';
import { ltiPlatformBody } from '../helpers/lti-flow';
import { e2eBaseUrl, launchBrowser, pageApi, pageReady, screenshot, signInThroughForm } from './browser';

/**
 * Issue 46, LTI deep linking in Chromium: a school's LMS (the platform in this test process, over
 * real HTTP) sends a teacher's browser through the LTI login to our exam choice; the teacher, in
 * Arabic, chooses an exam by keyboard; the page posts our signed answer to the platform, which
 * checks it against our key set. The browser carries the login's state cookie across the
 * platform's cross-site form post, as a real LMS makes it do.
 */
const baseUrl = e2eBaseUrl();
// The server's own address (PUBLIC_URL defaults to localhost): the launch comes back there.
const serverUrl = baseUrl.replace('127.0.0.1', 'localhost');
const ar = catalogs.ar;
const clientId = `e2e-tool-${Date.now()}`;
const deploymentId = 'e2e-deployment';
let browser: Browser;
let platform: Awaited<ReturnType<typeof startLtiPlatform>>;

beforeAll(async () => {
  browser = await launchBrowser();
  platform = await startLtiPlatform({ clientId, deploymentId });
  platform.trustTool(async () => (await fetch(`${baseUrl}/api/lti/jwks`)).json());
});
afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

describe('LTI deep linking in a browser', () => {
  it('lets a teacher choose an exam in Arabic by keyboard, and the platform receives the signed link', async () => {
    const staff = await browser.newContext();
    const admin = await staff.newPage();
    await signInThroughForm(admin, baseUrl, 'admin@example.com');
    await pageApi(admin, 'POST', '/lti-platforms', ltiPlatformBody(platform, { clientId, deploymentId }));
    await staff.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'ar' });
    await context.addInitScript(() => window.localStorage.setItem('language', 'ar'));
    const page = await context.newPage();
    platform.launchNext(platform.deepLinkClaims());
    const login = new URLSearchParams({ iss: platform.issuer, login_hint: 'teacher-3', client_id: clientId });
    await page.goto(`${serverUrl}/api/lti/login?${login}`);
    await page.waitForURL((url) => url.pathname === '/lti/deep-link', { timeout: 30_000 });
    const exams = page.getByRole('radiogroup', { name: ar.lti.deep_link.list_label });
    await exams.waitFor();
    await pageReady(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ar.lti.deep_link.title);
    const first = exams.getByRole('radio').first();
    const examId = Number(await first.getAttribute('value'));
    const examName = await exams.getByTestId('exam-name').first().textContent();
    expect(examName).toMatch(/\p{Script=Arabic}/u);
    await screenshot(page, 'lti-deep-link-ar');

    // The keyboard only: the first exam chosen, then on to the button and Enter.
    await first.focus();
    await page.keyboard.press('Space');
    expect(await first.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(ar.lti.deep_link.add);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${platform.origin}/moodle/deep-link-return`, { timeout: 30_000 });
    expect(await page.locator('#linked').textContent()).toBe('Activity saved');

    const { payload } = platform.deepLinkAnswers.at(-1)!;
    expect(payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items']).toEqual([
      expect.objectContaining({
        type: 'ltiResourceLink',
        title: examName,
        url: `${serverUrl}/api/lti/launch`,
        custom: { exam_id: String(examId) },
      }),
    ]);
    await context.close();
  });
});
