import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../locales/index';
import { e2eBaseUrl, launchBrowser, pageApi, pageReady, screenshot, signInThroughForm } from './browser';

/**
 * Questions in and out in Arabic, in Chromium (issue 27): the demo author exports the bank as a
 * QTI 3.0 package and an exam as a QTI test from the console, then imports that package back into
 * the same platform and a Moodle XML file (with default lookups) through the dry run, and sees the result.
 */
const baseUrl = e2eBaseUrl();
const ar = catalogs.ar;
const words = ar.interchange.page;
const BENCHMARK_AR = 'الاختبار المعياري للقراءة والاستماع، الصف الرابع';
const MOODLE = path.resolve('tests/fixtures/interchange/moodle-sample.xml');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Clicks `button` and reads the file the browser downloads. */
async function downloaded(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = await (download as Download).path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file!) };
}

/** A QTI content package: a zip (PK) holding its manifest. */
function expectPackage(bytes: Buffer) {
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.includes(Buffer.from('imsmanifest.xml'))).toBe(true);
  return unzipSync(new Uint8Array(bytes));
}

/**
 * Picks `option` (the first value when absent) in the select labelled `label`, by keyboard: its
 * accessible name is the label then the value shown.
 */
async function choose(page: Page, label: string, option?: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).focus();
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox');
  await (
    option ? listbox.getByRole('option', { name: option, exact: true }) : listbox.getByRole('option').nth(1)
  ).click();
  await listbox.waitFor({ state: 'detached' });
}

/** A dry run of the chosen file: its report, pictured as `picture`, and its figures. */
async function dryRun(page: Page, picture: string) {
  await page.getByRole('button', { name: words.dry_run }).click();
  const report = page.getByTestId('interchange-report');
  await report.waitFor();
  await pageReady(page, { progress: false });
  await screenshot(page, picture);
  const figure = async (name: string) => latinDigits(await report.locator(`[data-figure="${name}"] dd`).innerText());
  return { report, figure };
}

/** A figure as a number, whichever digits the locale wrote it in. */
const latinDigits = (text: string) => Number(text.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))));

/** A report with questions to create and none in error. */
async function expectClean({ report, figure }: Awaited<ReturnType<typeof dryRun>>) {
  expect(await figure('errors'), await report.innerText()).toBe(0);
  expect(await figure('create')).toBeGreaterThan(0);
  await report.getByText(words.no_problems).waitFor();
}

/** The import of the file last checked, as a job, to its end; answers the job's panel. */
async function importChecked(page: Page) {
  const importButton = page.getByRole('button', { name: words.import, exact: true });
  await expect.poll(() => importButton.isEnabled()).toBe(true);
  await importButton.click();
  const job = page.getByTestId('interchange-import');
  await expect.poll(() => job.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
  await job.getByRole('link', { name: words.open_bank }).waitFor();
  return job;
}

describe('questions in and out, in Arabic', () => {
  it('exports the bank and an exam as QTI 3.0, then imports a package and a Moodle XML file', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signInThroughForm(page, baseUrl, 'author@example.com');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));

    // From the bank's list to the page, mirrored.
    await page.goto(`${baseUrl}/questions-bank`);
    await page.getByRole('link', { name: words.link }).click();
    await page.getByRole('heading', { name: words.title, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/questions-bank/interchange');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const platforms = await pageApi<{ data: { id: number; identifier: string; name_ar: string }[] }>(
      page,
      'GET',
      '/platforms',
    );
    const ira = platforms.data.find((p) => p.identifier === 'IRA')!;
    await page.getByRole('button', { name: ira.name_ar }).click();
    const bankBefore = await pageApi<{ meta: { total: number } }>(page, 'GET', `/questions-bank?platform_id=${ira.id}`);

    // The bank as a QTI 3.0 package: one item per question, with the manifest.
    const exported = await downloaded(
      page,
      page.getByTestId('interchange-export').getByRole('button', { name: words.export_qti }),
    );
    expect(exported.name).toMatch(/^questions-bank-[\d-]+-qti3\.zip$/);
    const bankFiles = expectPackage(exported.bytes);
    expect(strFromU8(bankFiles['imsmanifest.xml']!)).toContain('QTI Package');
    await pageReady(page, { progress: false });
    await screenshot(page, 'interchange-page-ar');

    // The exam's page: its QTI 3.0 test, in the exam's order.
    const exams = await pageApi<{ data: { id: number; name_ar: string }[] }>(
      page,
      'GET',
      `/exams?per_page=100&search=${encodeURIComponent('Benchmark, Grade 4')}`,
    );
    const exam = exams.data.find((e) => e.name_ar === BENCHMARK_AR)!;
    await page.goto(`${baseUrl}/exams/${exam.id}/preview`);
    const examExport = page.getByRole('button', { name: ar.interchange.exam_export });
    await examExport.waitFor();
    await pageReady(page, { progress: false });
    await screenshot(page, 'interchange-exam-export-ar');
    const examPackage = await downloaded(page, examExport);
    expect(examPackage.name).toBe(`exam-${exam.id}-qti3.zip`);
    const examFiles = expectPackage(examPackage.bytes);
    const test = strFromU8(examFiles[`tests/T${exam.id}.xml`]!);
    expect(test).toContain('qti-assessment-test');
    // Titled in the reader's language (the ASI schema gives a test no xml:lang).
    expect(test).toContain(`title="${BENCHMARK_AR}"`);

    // The bank's package back into the same platform, without creating lookups: every question matches.
    await page.goto(`${baseUrl}/questions-bank/interchange`);
    await page.getByRole('button', { name: ira.name_ar }).click();
    const createLookups = page.getByRole('checkbox', { name: words.create_lookups });
    expect(await createLookups.isChecked()).toBe(false);
    await page.getByTestId('interchange-file').setInputFiles({
      name: exported.name,
      mimeType: 'application/zip',
      buffer: exported.bytes,
    });
    const checked = await dryRun(page, 'interchange-dry-run-ar');
    await expectClean(checked);
    await checked.report.getByText(words.formats.qti3, { exact: true }).waitFor();
    await checked.report.getByRole('cell', { name: ar.question_editor.kinds.matching, exact: true }).first().waitFor();
    // What a question becomes, before importing: as the student will see it, its key filled in. (The
    // report lists the newest first: the demo's reading anchors, true or false, open its first page.)
    const choiceRow = checked.report
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: ar.question_editor.kinds.true_false, exact: true }) })
      .first();
    await choiceRow.getByRole('button', { name: new RegExp(`^${words.preview}`) }).click();
    const preview = page.getByRole('dialog');
    await preview.getByTestId('question-preview').waitFor();
    await preview.getByText(words.preview_key).waitFor();
    expect(await preview.getByRole('radio', { checked: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'interchange-preview-ar');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
    const job = await importChecked(page);
    await job
      .getByRole('status')
      .getByText(/استُورد/)
      .waitFor();
    await pageReady(page, { progress: false });
    await screenshot(page, 'interchange-imported-ar');
    const bankAfter = await pageApi<{ meta: { total: number } }>(page, 'GET', `/questions-bank?platform_id=${ira.id}`);
    expect(bankAfter.meta.total).toBeGreaterThan(bankBefore.meta.total);

    // A Moodle XML file: defaults for the questions whose tags name no lookup, all six chosen by keyboard.
    const lookups = ar.resources['questions-bank'].fields;
    await choose(page, lookups.question_type_id);
    await choose(page, lookups.skill_id);
    await choose(page, lookups.difficulty_level_id);
    await choose(page, lookups.cognitive_level_id);
    await choose(page, lookups.learning_outcome_id);
    await choose(page, lookups.depth_of_knowledge_id);
    await page.getByTestId('interchange-file').setInputFiles(MOODLE);
    const moodle = await dryRun(page, 'interchange-moodle-dry-run-ar');
    await moodle.report.getByText(words.formats.moodle_xml, { exact: true }).waitFor();
    // Its tags name lookups the platform lacks, and one question has no right answer: each is said.
    expect(await moodle.figure('errors')).toBeGreaterThan(0);
    expect(await moodle.figure('unsupported')).toBeGreaterThan(0);
    const broken = moodle.report.getByRole('row', { name: /No right answer/ });
    await broken.getByText(words.statuses.error, { exact: true }).waitFor();
    await moodle.report
      .getByText(/القواعد/)
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: words.import, exact: true }).isDisabled()).toBe(true);

    // The file corrected (that question taken out, the grammar question given an outcome of its new
    // skill, which the reading outcome chosen above is not), the missing lookups created: it imports.
    const sample = fs.readFileSync(MOODLE, 'utf8');
    const grammarSkill = '<tag><text>skill: القواعد</text></tag>';
    const corrected = sample
      .replace(/<question type="multichoice">\s*<name>\s*<text>No right answer<\/text>[\s\S]*?<\/question>/, '')
      .replace(grammarSkill, `${grammarSkill}<tag><text>learning outcome: يميّز حروف الجر</text></tag>`);
    expect(corrected).not.toContain('No right answer');
    expect(corrected).toContain('learning outcome:');
    await page.getByTestId('interchange-file').setInputFiles({
      name: 'moodle-sample-corrected.xml',
      mimeType: 'text/xml',
      buffer: Buffer.from(corrected, 'utf8'),
    });
    await createLookups.check();
    const fixed = await dryRun(page, 'interchange-moodle-checked-ar');
    await expectClean(fixed);
    expect(await fixed.figure('lookups_created')).toBeGreaterThan(0);
    const moodleJob = await importChecked(page);
    await pageReady(page, { progress: false });
    await screenshot(page, 'interchange-moodle-imported-ar');
    await moodleJob.getByRole('link', { name: words.open_bank }).click();
    await page.waitForURL(/\/questions-bank$/);
    await context.close();
  });
});
