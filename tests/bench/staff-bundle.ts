/**
 * `npm run bench:staff-bundle`: what a signed-in member of staff downloads opening the Exams list
 * with an empty cache (issue 28: 651 kB in English, 674 kB in Arabic before; goal under 450 kB for
 * scripts, styles and fonts). Starts the server as the README does, signs in as the demo admin in
 * one browser context, then opens /exams in a fresh one that carries only the session cookie.
 * `BENCH_LANGUAGE=ar` measures the Arabic console.
 */
import { launchBrowser, signInThroughForm } from '../e2e/browser';
import { startServer } from '../e2e/server-process';
import { printWireSizes, recordWireSizes } from './wire-sizes';

const GOAL_KB = 450;
const language = process.env.BENCH_LANGUAGE === 'ar' ? 'ar' : 'en';
const server = await startServer();
const browser = await launchBrowser();
try {
  const signIn = await browser.newContext();
  await signInThroughForm(await signIn.newPage(), server.url, 'admin@example.com');
  const { cookies, origins } = await signIn.storageState();
  await signIn.close();

  const context = await browser.newContext({
    viewport: { width: 1366, height: 800 },
    serviceWorkers: 'block',
    storageState: { cookies, origins },
  });
  const page = await context.newPage();
  const sizes = recordWireSizes(page);
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const started = Date.now();
  await page.goto(`${server.url}/exams`);
  await page.locator('table tbody tr').first().waitFor({ timeout: 30_000 });
  const shown = Date.now() - started;
  await page.waitForLoadState('networkidle');
  printWireSizes(sizes, GOAL_KB, `language: ${language}; the list's first row after ${shown} ms`);
} finally {
  await browser.close();
  await server.stop();
}
