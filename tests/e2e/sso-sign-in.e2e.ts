import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogs } from '../../locales/index';
import { startOidcProvider } from '../helpers/oidc-provider';
import { e2eBaseUrl, launchBrowser, pageApi, pageReady, screenshot, signInThroughForm } from './browser';

/**
 * Issue 46, single sign-on in Chromium: a real OpenID Provider (`oidc-provider`) in this test
 * process, on another site, with its own sign-in and consent pages. A teacher in Arabic presses the
 * provider's button on our sign-in page, signs in there, and comes back signed in to their home:
 * the account is made at this first sign-in with the role the groups claim maps to, and the console,
 * which stored no user for a sign-in that ended in a redirect, keeps the session (it asks the server).
 */
const baseUrl = e2eBaseUrl();
// The server's own address (PUBLIC_URL defaults to localhost): the provider sends the browser back there.
const serverUrl = baseUrl.replace('127.0.0.1', 'localhost');
const ar = catalogs.ar;
const CLIENT = { client_id: 'ltm-e2e', client_secret: 'a client secret of enough length for the e2e test' };
let browser: Browser;
let op: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  browser = await launchBrowser();
  op = await startOidcProvider({
    clients: [{ ...CLIENT, redirect_uris: [`${serverUrl}/api/sso/workspace/callback`] }],
    accounts: {
      'teacher-e2e': {
        email: 'huda.teacher@school.test',
        email_verified: true,
        name: 'Huda Teacher',
        groups: ['teachers'],
      },
    },
  });
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signInThroughForm(admin, baseUrl, 'admin@example.com');
  await pageApi(admin, 'POST', '/sso-providers', {
    key: 'workspace',
    name_en: 'School Workspace',
    name_ar: 'مساحة عمل المدرسة',
    issuer: op.issuer,
    ...CLIENT,
    scopes: 'openid email profile groups',
    is_active: true,
    allow_create: true,
    role_claim: 'groups',
    role_map: 'teachers = author',
  });
  await staff.close();
});
afterAll(async () => {
  await browser?.close();
  await op?.close();
});

/** The provider's own pages: its sign-in, then its consent. */
async function atProvider(page: Page) {
  await page.locator('input[name="login"]').fill('teacher-e2e');
  await page.locator('input[name="password"]').fill('any');
  await page.keyboard.press('Enter');
  await page.locator('button[type="submit"]').waitFor();
  await page.locator('button[type="submit"]').click();
}

describe('single sign-on in a browser', () => {
  it('signs a teacher in through the provider, in Arabic, to their home; the account is made with its mapped role', async () => {
    const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'ar' });
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem('language', 'ar'));
    await page.goto(`${serverUrl}/login`);
    const button = page.getByRole('link', { name: ar.login.sso_with.replace('%{name}', 'مساحة عمل المدرسة') });
    await button.waitFor();
    await pageReady(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'sso-sign-in-ar');
    await button.click();
    await atProvider(page);

    await page.waitForURL((url) => url.origin === serverUrl && url.pathname === '/exams', { timeout: 30_000 });
    await pageReady(page);
    const me = await pageApi<{ data: { email: string; roles: { role: string }[] } }>(page, 'GET', '/user');
    expect(me.data.email).toBe('huda.teacher@school.test');
    expect(me.data.roles.map((role) => role.role)).toEqual(['com.ltm.roles.author']);
    expect(new URL(page.url()).pathname).toBe('/exams');
    await context.close();
  });

  it('brings a teacher who opened a page while signed out back to it once the provider signed them in', async () => {
    const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${serverUrl}/exams/create`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('link', { name: catalogs.en.login.sso_with.replace('%{name}', 'School Workspace') }).click();
    await atProvider(page);

    await page.waitForURL((url) => url.origin === serverUrl && url.pathname === '/exams/create', { timeout: 30_000 });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await pageReady(page);
    expect(new URL(page.url()).pathname).toBe('/exams/create');
    await context.close();
  });

  it('keeps the session when the server cannot say who signed in just after the redirect, in Arabic; a reload goes on', async () => {
    const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'ar' });
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem('language', 'ar'));
    await page.goto(`${serverUrl}/login`);
    await page.getByRole('link', { name: ar.login.sso_with.replace('%{name}', 'مساحة عمل المدرسة') }).click();
    // The console's first question after the provider sent the browser back finds the server busy.
    // On the context: the console's requests may pass through its service worker.
    await context.route('**/api/user', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'busy' }) }),
    );
    const logouts: string[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/api/logout')) logouts.push(request.method());
    });
    await atProvider(page);

    // The home the sign-in ended on says the session is kept; nothing signed out.
    await page.getByText(ar.errors.sign_in_kept).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, 'sso-sign-in-kept-ar');
    expect(logouts).toEqual([]);

    await context.unroute('**/api/user');
    await page.goto(`${serverUrl}/`);
    await page.waitForURL((url) => url.pathname === '/exams', { timeout: 30_000 });
    await pageReady(page);
    expect(logouts).toEqual([]);
    await context.close();
  });
});
