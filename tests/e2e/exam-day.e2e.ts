import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { catalogs } from '../../locales/index';
import { ONLINE_SECONDS } from '../../src/server/exam-day';
import { e2eBaseUrl, launchBrowser, moveClock, pageApi, pageReady, screenshot, signInThroughForm } from './browser';

/**
 * Issue 26, exam day, in Arabic in Chromium: an admin gives a student 15 minutes of extra time
 * (the student's form); the student starts and sees it; the monitor shows them online and
 * answering; the student goes offline and the monitor shows it; the admin extends the class by 5
 * minutes and the student's timer moves without a reload; the admin force-submits another student;
 * that student's result appears only after the release.
 */
const baseUrl = e2eBaseUrl();
const ar = catalogs.ar;
const EXAM_EN = 'Arabic Standards Benchmark, Level 2';
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

async function arabicPage(login: string, password?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await signInThroughForm(page, baseUrl, login, password);
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  return page;
}

const api = pageApi;

/** Digits in either script, as numbers ("٧٤:١٠" or "74:10" to seconds). */
function clockSeconds(text: string): number {
  const latin = text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[^\d:]/g, '');
  return latin.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

const monitorRow = (page: Page, studentId: number) => page.locator(`tr[data-student="${studentId}"]`);

type Named = { id: number; name_en: string; name_ar: string };

describe('exam day', () => {
  it('extra time, the live monitor, an extension felt without a reload, a forced submission and a release', async () => {
    const admin = await arabicPage('admin@example.com');

    // The ISA Level 2 benchmark (published, assigned to nobody by the demo) for two students of one class.
    const exams = await api<{ data: (Named & { is_published: boolean })[] }>(
      admin,
      'GET',
      `/exams?search=${encodeURIComponent(EXAM_EN)}&per_page=5`,
    );
    const exam = exams.data.find((e) => e.name_en === EXAM_EN)!;
    const schools = await api<{ data: (Named & { eligible_count: number })[] }>(
      admin,
      'GET',
      `/exams/${exam.id}/assignation/schools`,
    );
    // Not the demo student (other files sign in as her with the demo password, which a reset would change).
    const layla = (await api<{ data: { id: number }[] }>(admin, 'GET', '/students?search=S1001')).data[0]!.id;
    let pair: (Named & { school_class_id: number })[] = [];
    for (const school of schools.data) {
      const students = await api<{ data: (Named & { school_class_id: number })[] }>(
        admin,
        'GET',
        `/exams/${exam.id}/assignation/schools/${school.id}/students`,
      );
      const byClass = new Map<number, (Named & { school_class_id: number })[]>();
      for (const student of students.data.filter((s) => s.id !== layla))
        byClass.set(student.school_class_id, [...(byClass.get(student.school_class_id) ?? []), student]);
      pair = [...byClass.values()].find((list) => list.length >= 2)?.slice(0, 2) ?? [];
      if (pair.length === 2) break;
    }
    expect(pair).toHaveLength(2);
    const [first, second] = pair as [Named & { school_class_id: number }, Named & { school_class_id: number }];
    const examRecord = await api<{ data: { start_date_time: string; end_date_time: string } }>(
      admin,
      'GET',
      `/exams/${exam.id}`,
    );
    await api(admin, 'POST', `/exams/${exam.id}/assign/students`, {
      school_ids: [],
      student_ids: [first.id, second.id],
      start_date_time: examRecord.data.start_date_time,
      end_date_time: examRecord.data.end_date_time,
      release_results: 'manual',
    });
    const credentials = async (id: number) =>
      (await api<{ data: { username: string; password: string } }>(admin, 'POST', `/students/${id}/reset-password`, {}))
        .data;
    const firstLogin = await credentials(first.id);
    const secondLogin = await credentials(second.id);

    // The admin gives the first student 15 minutes of extra time, on the student's form.
    await admin.goto(`${baseUrl}/settings/students/${first.id}`);
    const minutes = admin.locator('input[name="extra_time_minutes"]');
    await minutes.waitFor();
    await minutes.fill('15');
    await admin.locator('input[name="extra_time_reason"]').fill('عسر القراءة');
    await screenshot(admin, 'exam-day-student-extra-time-ar');
    await admin.getByRole('button', { name: ar.ra.action.save }).click();
    await admin.waitForURL((url) => !/\/settings\/students\/\d+$/.test(url.pathname));

    // The student starts and sees it: on the start page and beside the clock.
    const student = await arabicPage(firstLogin.username, firstLogin.password);
    const assignments = await api<{ data: { id: number; exam: { id: number } }[] }>(student, 'GET', '/student/exams');
    const mine = assignments.data.find((a) => a.exam.id === exam.id)!;
    await student.goto(`${baseUrl}/my-exams/${mine.id}`);
    await student.getByTestId('start-extra-time').waitFor();
    expect(await student.getByTestId('start-extra-time').textContent()).toMatch(/15|١٥/);
    await student.getByRole('button', { name: ar.student.start.begin }).click();
    const note = student.getByTestId('extra-time-note');
    await note.waitFor();
    expect(await note.textContent()).toMatch(/15|١٥/);
    // It answers the first question (any choice on the page).
    await student.getByRole('radio').first().check();
    await student.getByText(ar.student.sync.saved).first().waitFor({ timeout: 15_000 });
    await screenshot(student, 'exam-day-player-extra-time-ar');

    // The other student starts too.
    const other = await arabicPage(secondLogin.username, secondLogin.password);
    const theirs = (
      await api<{ data: { id: number; exam: { id: number } }[] }>(other, 'GET', '/student/exams')
    ).data.find((a) => a.exam.id === exam.id)!;
    await other.goto(`${baseUrl}/my-exams/${theirs.id}`);
    await other.getByRole('button', { name: ar.student.start.begin }).click();
    await other.getByRole('timer').waitFor();

    // The monitor shows the first student online and answering.
    await admin.goto(`${baseUrl}/exams/${exam.id}/monitor`);
    const row = monitorRow(admin, first.id);
    await row.locator('[data-online="true"]').waitFor({ timeout: 30_000 });
    await expect.poll(async () => row.textContent(), { timeout: 20_000 }).toMatch(/(^|\D)(1|١) (من)/);
    expect(await row.textContent()).toContain(ar.exam_day.statuses.in_progress);
    await pageReady(admin);
    await screenshot(admin, 'exam-day-monitor-ar');

    // The student's computer goes offline: the monitor says so once the online window has passed
    // (the server's test clock jumps over it instead of waiting).
    await student.context().setOffline(true);
    await moveClock(ONLINE_SECONDS + 5);
    await row.locator('[data-online="false"]').waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain(ar.exam_day.presence.offline);
    await student.context().setOffline(false);
    await row.locator('[data-online="true"]').waitFor({ timeout: 30_000 });

    // The admin extends the class by 5 minutes: the student's clock moves without a reload.
    const before = clockSeconds((await student.getByRole('timer').textContent()) ?? '');
    const classButton = admin
      .locator('table[aria-labelledby="monitor-groups-heading"] tbody tr')
      .nth(1)
      .getByRole('button');
    await classButton.click();
    await admin.getByTestId('intervention-target').waitFor();
    await admin.getByRole('button', { name: ar.exam_day.actions.extend, exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(ar.exam_day.dialog.minutes).fill('5');
    await dialog.getByLabel(ar.exam_day.dialog.reason).fill('إنذار حريق');
    await dialog.getByRole('button', { name: ar.exam_day.dialog.review }).click();
    await dialog.getByTestId('intervention-review').waitFor();
    await pageReady(admin);
    await screenshot(admin, 'exam-day-extend-review-ar');
    await dialog.locator('button.MuiButton-contained').click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => clockSeconds((await student.getByRole('timer').textContent()) ?? ''), { timeout: 15_000 })
      .toBeGreaterThan(before + 4 * 60);
    await expect.poll(async () => note.textContent(), { timeout: 5_000 }).toMatch(/20|٢٠/);

    // The admin force-submits the other student, who is told so; no result until the release.
    await admin.getByRole('button', { name: ar.exam_day.monitor.whole_exam }).click();
    await monitorRow(admin, second.id).getByRole('checkbox').check();
    await admin.getByRole('button', { name: ar.exam_day.actions.force_submit, exact: true }).click();
    await dialog.getByLabel(ar.exam_day.dialog.reason).fill('غادر القاعة');
    await dialog.getByRole('button', { name: ar.exam_day.dialog.review }).click();
    await dialog.getByTestId('intervention-review').waitFor();
    await dialog.locator('button.MuiButton-contained').click();
    await dialog.waitFor({ state: 'detached' });
    await other.getByTestId('result-forced').waitFor({ timeout: 15_000 });
    expect(await other.getByTestId('result-score').textContent()).toBe(ar.student.result.not_released);
    await expect
      .poll(async () => monitorRow(admin, second.id).textContent(), { timeout: 15_000 })
      .toContain(ar.exam_day.statuses.force_submitted);
    await screenshot(other, 'exam-day-forced-ar');

    // The release: the result reaches the student.
    await admin.getByRole('button', { name: ar.exam_day.release.release }).click();
    await admin.getByRole('dialog').getByRole('button', { name: ar.ra.action.confirm }).click();
    await expect.poll(async () => admin.getByTestId('release-state').textContent()).toMatch(/(2|٢) من (2|٢)/);
    await other.goto(`${baseUrl}/my-exams/${theirs.id}/result`);
    const score = other.getByTestId('result-score');
    await score.waitFor();
    expect(await score.textContent()).not.toBe(ar.student.result.not_released);
    expect(await score.textContent()).toMatch(/[0-9٠-٩]/);
    await screenshot(other, 'exam-day-released-ar');
  }, 300_000);
});
