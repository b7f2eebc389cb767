import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { catalogs } from '../../locales/index';
import { pdfText } from '../helpers/pdf-reading';
import { e2eBaseUrl, launchBrowser, pageApi, pageReady, screenshot, signInThroughForm } from './browser';

/**
 * Rostering in Arabic, in Chromium (issue 25): school staff check a file on the roster page, add a
 * class to their school and a student to it, print the class's login cards, and the student signs
 * in with the card's username and password and finds the exam the administrator assigned to the class.
 */
const baseUrl = e2eBaseUrl();
const ar = catalogs.ar;
const BENCHMARK_AR = 'الاختبار المعياري للقراءة والاستماع، الصف الرابع';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function arabicPage(email: string, password?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInThroughForm(page, baseUrl, email, password);
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  return { context, page };
}

const api = pageApi;

/** Picks `option` in the MUI select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
interface NamedRecord {
  id: number;
  name_ar: string;
}

/**
 * A roster file with the Arabic template's headers: a good row and, unless `clean`, one naming a
 * class the school lacks.
 */
function rosterCsv(school: string, klass: NamedRecord & { grade: NamedRecord }, clean = false): Buffer {
  const c = ar.roster.columns;
  const header = [c.student_number, c.name_en, c.name_ar, c.school, c.grade, c.class, c.gender, c.nationality];
  const grade = klass.grade.name_ar;
  const rows = [
    ['E2E-DRY-1', 'Dana Saleh', 'دانة صالح', school, grade, klass.name_ar, 'أنثى', 'JO'],
    ['E2E-DRY-2', 'Karim Nasser', 'كريم ناصر', school, grade, 'الشعبة ز', 'ذكر', 'AE'],
  ].slice(0, clean ? 1 : 2);
  return Buffer.from(`\uFEFF${[header, ...rows].map((row) => row.join(',')).join('\r\n')}\r\n`, 'utf8');
}

describe('rostering in Arabic', () => {
  it("adds a class and a student, prints the class's cards, and the student signs in to the assigned exam", async () => {
    const stamp = String(Date.now()).slice(-6);
    const studentNumber = `E2E-${stamp}`;
    const className = { en: `Class R${stamp}`, ar: `الشعبة ر${stamp}` };
    const { context: staffContext, page } = await arabicPage('school@example.com');

    // The roster page, mirrored: a dry run of a file with one row in error.
    const schools = await api<{ data: NamedRecord[] }>(page, 'GET', '/schools');
    const school = schools.data[0]!;
    const existing = await api<{ data: (NamedRecord & { grade: NamedRecord })[] }>(
      page,
      'GET',
      `/school-classes?filter[school_id]=${school.id}`,
    );
    await page.goto(`${baseUrl}/settings/roster`);
    await page.getByRole('heading', { name: ar.roster.page.title, level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('roster-file').setInputFiles({
      name: 'طلاب.csv',
      mimeType: 'text/csv',
      buffer: rosterCsv(school.name_ar, existing.data[0]!),
    });
    const importButton = page.getByRole('button', { name: ar.roster.page.import, exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    await page.getByRole('button', { name: ar.roster.page.dry_run }).click();
    const report = page.getByTestId('roster-report');
    await report.getByText(ar.roster.page.fix_first).waitFor();
    await report.getByRole('cell', { name: ar.roster.columns.class, exact: true }).waitFor();
    expect(await report.getByRole('row').count()).toBe(2);
    expect(await report.getByText('UTF-8').count()).toBe(1);
    expect(await importButton.isDisabled()).toBe(true);
    await pageReady(page, { progress: false });
    await page.screenshot({ path: '/tmp/roster-ar.png', fullPage: true });
    await screenshot(page, 'roster-ar');

    // The corrected file imports as a job: its progress bar runs to the end, then its figures and result file.
    await page.getByTestId('roster-file').setInputFiles({
      name: 'طلاب-مصحح.csv',
      mimeType: 'text/csv',
      buffer: rosterCsv(school.name_ar, existing.data[0]!, true),
    });
    await page.getByRole('button', { name: ar.roster.page.dry_run }).click();
    await report.getByText(ar.roster.page.no_problems).waitFor();
    await importButton.click();
    const job = page.getByTestId('roster-import');
    await expect.poll(() => job.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(await job.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    // Done: another file may be chosen.
    expect(await page.getByRole('button', { name: ar.roster.page.choose_file }).isEnabled()).toBe(true);
    expect(await job.locator('[data-figure="create"] dd').innerText()).toMatch(/^[1١]$/);
    const [result] = await Promise.all([
      page.waitForEvent('download'),
      job.getByRole('button', { name: ar.roster.page.download_result }).click(),
    ]);
    expect(result.suggestedFilename()).toMatch(/^roster-import-\d+-result\.csv$/);
    await pageReady(page, { progress: false });
    await screenshot(page, 'roster-imported-ar');

    // A class in their school, from the school's screen (they may not edit the school itself).
    await page.goto(`${baseUrl}/settings/schools`);
    await page
      .getByRole('row', { name: new RegExp(school.name_ar) })
      .getByRole('link', { name: ar.ra.action.show })
      .click();
    await page.getByRole('heading', { name: school.name_ar, level: 1 }).waitFor();
    const classes = page.getByTestId('children-school-classes');
    await classes.getByRole('button', { name: ar.ra.action.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name_en"]').fill(className.en);
    await dialog.locator('input[name="name_ar"]').fill(className.ar);
    await choose(page, ar.resources['school-classes'].fields.grade_id, /^الصف الرابع \(/);
    await dialog.getByRole('button', { name: ar.ra.action.save }).click();
    await toast(page, 'تم إنشاء الشعبة بنجاح');
    const classRow = classes.getByRole('row', { name: new RegExp(className.ar) });
    await classRow.waitFor();
    await classRow.getByRole('button', { name: ar.roster.cards.print }).click();
    // The dialog says first what printing would do (issue 41): a new class has no students yet.
    const cardsDialog = page.getByRole('dialog');
    await cardsDialog.getByText(new RegExp(ar.roster.cards.counts.replace('%{students}', '[0٠]'))).waitFor();
    await pageReady(page, { progress: false });
    await screenshot(page, 'login-cards-dialog-ar');
    await page.keyboard.press('Escape');

    // A student in that class, from the students' Add screen.
    await page.goto(`${baseUrl}/settings/students/create`);
    const fields = ar.resources.students.fields;
    await page.locator('input[name="student_number"]').fill(studentNumber);
    await page.locator('input[name="name_en"]').fill('Rami Haddad');
    await page.locator('input[name="name_ar"]').fill('رامي حداد');
    await choose(page, fields.school_id, school.name_ar);
    await choose(page, fields.grade_id, /^الصف الرابع \(/);
    await choose(page, fields.school_class_id, className.ar);
    await choose(page, fields.gender, ar.resources.students.choices.gender.male);
    await choose(page, fields.nationality, 'الأردن');
    await page.getByRole('button', { name: ar.ra.action.save }).click();
    await toast(page, 'تم إنشاء الطالب بنجاح');

    // The class's login cards, as the console's session downloads them.
    const found = await api<{ data: NamedRecord[] }>(
      page,
      'GET',
      `/school-classes?filter[school_id]=${school.id}&search=${encodeURIComponent(className.en)}`,
    );
    const klass = found.data.find((c) => c.name_ar === className.ar)!;
    const cards = await page.request.get(`${baseUrl}/api/school-classes/${klass.id}/login-cards?lang=ar`, {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(cards.status(), await cards.text().catch(() => '')).toBe(200);
    expect(cards.headers()['content-type']).toBe('application/pdf');
    const pdf = await cards.body();
    fs.writeFileSync('/tmp/roster-login-cards-ar.pdf', pdf);
    const text = pdfText(pdf);
    // Each value shares its line with its label, in visual order (the label first on the right), and
    // may be letter-spaced (pdftotext reads the spacing as spaces): the line less its label is the value.
    const valueBy = (label: string) =>
      text
        .split('\n')
        .find((line) => line.includes(label))
        ?.replace(label, '')
        .replace(/\s/g, '');
    const username = valueBy(ar.roster.cards.username);
    expect(username, text).toBe(studentNumber.toLowerCase());
    const password = valueBy(ar.roster.cards.password);
    expect(password, text).toMatch(/^[a-z2-9]{8}$/);
    const credentials = { username: username!, password: password! };

    // The administrator assigns the Grade 4 benchmark to the class's students.
    const { context: adminContext, page: admin } = await arabicPage('admin@example.com');
    const exams = await api<{ data: { id: number; name_ar: string }[] }>(
      admin,
      'GET',
      `/exams?per_page=100&search=${encodeURIComponent('Benchmark, Grade 4')}`,
    );
    const examId = exams.data.find((e) => e.name_ar === BENCHMARK_AR)!.id;
    const exam = await api<{ data: { start_date_time: string; end_date_time: string } }>(
      admin,
      'GET',
      `/exams/${examId}`,
    );
    const eligible = await api<{ data: { id: number }[] }>(
      admin,
      'GET',
      `/exams/${examId}/assignation/schools/${school.id}/students?school_class_id=${klass.id}`,
    );
    expect(eligible.data).toHaveLength(1);
    const assigned = await api<{ data: { assigned: number } }>(admin, 'POST', `/exams/${examId}/assign/students`, {
      school_ids: [],
      student_ids: eligible.data.map((s) => s.id),
      start_date_time: exam.data.start_date_time,
      end_date_time: exam.data.end_date_time,
      show_answers: false,
      shuffle_choices: false,
      shuffle_questions: false,
      exam_localization_id: null,
    });
    expect(assigned.data.assigned).toBe(1);
    await adminContext.close();

    // Staff sign out; the student signs in with the card's username and password.
    await page.goto(`${baseUrl}/settings/roster`);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByRole('dialog').getByRole('button', { name: ar.nav.logout }).click();
    await page.waitForURL(/\/login/);
    await signInThroughForm(page, baseUrl, credentials.username, credentials.password);
    await page.goto(`${baseUrl}/my-exams`);
    await page.getByRole('heading', { name: ar.student.my_exams.title, level: 1 }).waitFor();
    await page.getByTestId('student-exam-card').filter({ hasText: BENCHMARK_AR }).waitFor();
    await screenshot(page, 'roster-student-exams-ar');
    await staffContext.close();
  });
});
