import fs from 'node:fs';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../locales/index';
import { e2eBaseUrl, launchBrowser, screenshot, signInThroughForm, tmp } from './browser';
import { api } from './exams-steps';

/**
 * Schools and reports in a real browser on the demo data, whose second school has a corrected Grade 5
 * benchmark in two rounds. In Arabic, the administrator generates the school's reports and watches
 * their statuses change (the server's job queue makes them), views one in the Report Viewer and
 * downloads the ZIP bundle; in English, the school staff account drills down from its one school to a
 * student's exams and opens a report, and the school report downloads at once.
 */
const baseUrl = e2eBaseUrl();
const ar = catalogs.ar;
const en = catalogs.en;
let browser: Browser;

interface Report {
  id: number;
  type: { key: string };
  status: { key: string };
  school: { id: number };
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string, language: 'en' | 'ar'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInThroughForm(page, baseUrl, email);
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  return page;
}

const schoolRow = (page: Page, name: string) =>
  page.getByTestId('schools-list-row').filter({ has: page.getByRole('link', { name, exact: true }) });

describe('reports, as the administrator in Arabic', () => {
  let page: Page;
  let schoolId: number;

  it("generates a school's reports and watches their statuses change until all are made", async () => {
    page = await signedIn('admin@example.com', 'ar');
    await page.goto(`${baseUrl}/schools-list`);
    await page.getByRole('heading', { name: ar.report_screens.schools.title, level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const amal = schoolRow(page, 'مدرسة الأمل النموذجية');
    await amal.getByText(ar.correction.correction_statuses.corrected).waitFor();
    await screenshot(page, 'schools-list-ar');
    await amal.getByRole('button', { name: ar.report_screens.schools.generate_all }).click();
    await page.getByText(/التقارير المضافة إلى قائمة الإنشاء: \d+/).waitFor();

    await amal.getByRole('link', { name: ar.report_screens.schools.reports }).click();
    await page.getByRole('heading', { name: ar.report_screens.reports.title, level: 1 }).waitFor();
    schoolId = Number(new URL(page.url()).searchParams.get('filter[school_id]'));
    // The list says it refreshes while the jobs run; then every report reads "generated".
    const rows = page.getByTestId('reports-list-row');
    await rows.first().waitFor();
    await screenshot(page, 'reports-generating-ar');
    const reports = async () =>
      (await api<{ data: Report[] }>(page, 'GET', `/reports?per_page=100&filter[school_id]=${schoolId}`)).data;
    await expect
      .poll(async () => (await reports()).every((r) => r.status.key === 'generated'), { timeout: 150_000 })
      .toBe(true);
    await expect
      .poll(() => rows.filter({ hasText: ar.reports.statuses.generated }).count(), { timeout: 15_000 })
      .toBe(await rows.count());
    await expect.poll(() => page.getByTestId('reports-refreshing').count()).toBe(0);
    await screenshot(page, 'reports-generated-ar');
  });

  it('views a student report in the Report Viewer, in Arabic and in English', async () => {
    const student = page.getByTestId('reports-list-row').filter({ hasText: ar.reports.types.student }).first();
    const pdf = page.waitForResponse((r) => r.url().includes('/view-pdf?lang=ar'));
    await student.getByRole('link', { name: ar.report_screens.reports.view }).click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(page.url()).toMatch(/\/generated-reports\/\d+\/view\?lang=ar$/);
    // pdf.js draws the one-page report in the page.
    const pages = page.getByTestId('report-page');
    await pages.first().waitFor();
    expect(await pages.count()).toBe(1);
    expect(await pages.first().getAttribute('aria-label')).toBe('الصفحة 1 من 1');
    await screenshot(page, 'report-viewer-ar');
    const english = page.waitForResponse((r) => r.url().includes('/view-pdf?lang=en'));
    await page.getByRole('button', { name: 'English' }).click();
    expect((await english).headers()['content-type']).toBe('application/pdf');
    expect(page.url()).toMatch(/lang=en$/);
    await pages.first().waitFor();
    expect(await pages.count()).toBe(1);
  });

  it("downloads the school's ZIP bundle with every student's report in both languages", async () => {
    await page.goto(`${baseUrl}/generated-reports?filter[school_id]=${schoolId}&filter[type]=3`);
    const rows = page.getByTestId('reports-list-row');
    await rows.first().waitFor();
    const bundles = await rows.count();
    await rows.first().getByRole('checkbox').check();
    await page.getByRole('combobox', { name: ar.report_screens.reports.download_language }).click();
    await page.getByRole('option', { name: ar.report_screens.reports.languages.both }).click();
    const download = page.waitForEvent('download');
    await page.getByTestId('download-bar').getByRole('button', { name: ar.report_screens.reports.download }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Report.zip');
    const saved = `${tmp()}/Report.zip`;
    await file.saveAs(saved);
    const entries = Object.keys(unzipSync(new Uint8Array(fs.readFileSync(saved))));
    // Sixteen Grade 5 students (one round's bundle), a PDF in each language.
    expect(entries).toHaveLength(32);
    expect(entries.every((name) => /^Student_Report_.+_(en|ar)\.pdf$/.test(name))).toBe(true);
    expect(bundles).toBeGreaterThanOrEqual(1);
  });
});

describe('schools and reports, as school staff in English', () => {
  it("sees its one school, drills down to a student's exams and opens the student's report", async () => {
    const page = await signedIn('school@example.com', 'en');
    await page.goto(`${baseUrl}/schools-list`);
    const rows = page.getByTestId('schools-list-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByRole('button', { name: en.report_screens.schools.generate_all }).count()).toBe(0);
    await rows.first().getByRole('link', { name: 'Al Amal Model School' }).click();
    await page.getByRole('heading', { name: 'Grades: Al Amal Model School', level: 1 }).waitFor();
    await page.getByTestId('grades-list-row').getByRole('link', { name: 'Grade 5' }).click();
    await page.getByRole('heading', { name: 'Students: Grade 5', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Huda Barakat' }).click();
    await page.getByTestId('student-summary').waitFor();
    const crumbs = page.getByRole('navigation', { name: en.report_screens.breadcrumbs });
    expect(await crumbs.getByRole('link').allTextContents()).toEqual(['Schools', 'Al Amal Model School', 'Grade 5']);
    await screenshot(page, 'student-exams-en');
    const pdf = page.waitForResponse((r) => r.url().includes('/view-pdf?lang=en'));
    await page.getByRole('link', { name: en.report_screens.student_exams.view_report }).first().click();
    expect((await pdf).headers()['content-type']).toBe('application/pdf');
  });

  it('downloads the school report at once, as the administrator in English', async () => {
    const page = await signedIn('admin@example.com', 'en');
    await page.goto(`${baseUrl}/schools-list`);
    const amal = schoolRow(page, 'Al Amal Model School');
    await amal.waitFor();
    const download = page.waitForEvent('download');
    await amal.getByRole('button', { name: en.report_screens.schools.generate_now }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^School_Report_.+\.pdf$/);
    await page.getByText(/School report downloaded:/).waitFor();
    // The first school's corrector still has work: its school report is refused with the spec's words.
    const noor = schoolRow(page, 'Al Noor Primary School');
    await noor.getByRole('button', { name: en.report_screens.schools.generate_now }).click();
    await page.getByText(en.reports.errors.school_not_corrected).waitFor();
    await screenshot(page, 'schools-list-en');
  });
});
