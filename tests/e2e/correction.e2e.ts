import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogs } from '../../locales/index';
import { e2eBaseUrl, launchBrowser, screenshot, signInThroughForm } from './browser';
import { api } from './exams-steps';

/**
 * Correction in a real browser, in Arabic, on the demo's writing and speaking exam: the corrector
 * filters the list, opens a student, plays the recorded answer, marks the essay and the spoken
 * answer, saves, moves to the next student with the filters kept, and sees the statuses change.
 */
const baseUrl = e2eBaseUrl();
const ar = catalogs.ar;
let browser: Browser;
let page: Page;
let examId: number;
let blindExamId: number;

interface Row {
  student_id: number;
  student_status: { key: string } | null;
}
interface Correction {
  questions: { id: number; answer_type: string }[];
}

beforeAll(async () => {
  browser = await launchBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] });
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  await signInThroughForm(page, baseUrl, 'corrector@example.com');
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  const exams = (await api<{ data: { id: number; name_en: string }[] }>(page, 'GET', '/exams?per_page=100')).data;
  examId = exams.find((e) => e.name_en === 'Arabic Writing and Speaking Benchmark, Grade 4')!.id;
  blindExamId = exams.find((e) => e.name_en.endsWith('(anonymous, double marked)'))!.id;
});
afterAll(async () => {
  await browser?.close();
});

const rows = () => page.getByTestId('exam-student-row');
const statusesOf = async () =>
  (await api<{ data: Row[] }>(page, 'GET', `/exams/${examId}/assigned/students?per_page=100`)).data;

describe('correction, as a corrector in Arabic', () => {
  it('filters the list by correction status and opens a student waiting for correction', async () => {
    await page.goto(`${baseUrl}/exams/${examId}/preview/students`);
    await page.getByRole('heading', { name: ar.exam_students.title, level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => rows().count()).toBe(6);

    await page.getByRole('combobox', { name: ar.exam_students.filters.correction_status }).click();
    await page.getByRole('option', { name: ar.correction.correction_statuses.not_corrected }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => rows().count()).toBe(3);
    expect(decodeURIComponent(page.url())).toContain('filter[student_exam_status_id]=1');
    await screenshot(page, 'correction-list-ar');

    await rows().first().getByTestId('correct-student').click();
    await page.getByRole('heading', { name: ar.correction_screen.title, level: 1 }).waitFor();
    await page.getByTestId('correction-question').first().waitFor();
    expect(decodeURIComponent(page.url())).toContain('filter[student_exam_status_id]=1');
  });

  it('plays the spoken answer, marks it and the essay, and saves: the student is corrected', async () => {
    const studentId = Number(new URL(page.url()).pathname.split('/').at(-2));
    const correction = (
      await api<{ data: Correction }>(page, 'GET', `/exams/${examId}/students/${studentId}/correction`)
    ).data;
    const essay = correction.questions.find((q) => q.answer_type === 'essay')!;
    const spoken = correction.questions.find((q) => q.answer_type === 'audio_response')!;

    const audio = page.getByTestId('recording-audio');
    await audio.scrollIntoViewIfNeeded();
    const played = await audio.evaluate(async (element: HTMLAudioElement) => {
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 800));
      return { time: element.currentTime, duration: element.duration, error: element.error?.code ?? null };
    });
    expect(played.error).toBeNull();
    expect(played.time).toBeGreaterThan(0.2);
    expect(played.duration).toBeGreaterThan(2);
    await expect.poll(() => page.getByTestId('essay-word-count').first().textContent()).toBeTruthy();

    await page.getByTestId(`mark-${essay.id}`).fill('7.5');
    await page.getByTestId(`comment-${essay.id}`).fill('أفكار مرتبة، وتحتاج الفقرة إلى خاتمة.');
    await page.getByTestId(`mark-${spoken.id}`).fill('4');
    await screenshot(page, 'correction-screen-ar');
    // Saved from the keyboard, the marker's shortcut.
    await page.getByTestId(`mark-${spoken.id}`).focus();
    await page.keyboard.press('Control+s');
    await page.getByText(ar.correction.saved, { exact: true }).first().waitFor();
    await expect
      .poll(async () => (await statusesOf()).find((r) => r.student_id === studentId)?.student_status?.key)
      .toBe('corrected');
    await expect
      .poll(() => page.getByTestId('correction-student-status').textContent())
      .toContain(ar.correction.correction_statuses.corrected);
  });

  it('moves to the next student keeping the filters, and the list shows the change', async () => {
    const before = Number(new URL(page.url()).pathname.split('/').at(-2));
    await page.getByTestId('correction-next').click();
    await expect.poll(() => Number(new URL(page.url()).pathname.split('/').at(-2))).not.toBe(before);
    expect(decodeURIComponent(page.url())).toContain('filter[student_exam_status_id]=1');
    await page.getByTestId('correction-question').first().waitFor();
    await screenshot(page, 'correction-next-ar');

    await page.getByRole('link', { name: ar.correction_screen.back }).click();
    await page.getByRole('heading', { name: ar.exam_students.title, level: 1 }).waitFor();
    // The corrected student has left the "not corrected" filter.
    await expect.poll(() => rows().count()).toBe(2);
    expect(decodeURIComponent(page.url())).toContain('filter[student_exam_status_id]=1');
    const counts = (await statusesOf()).reduce<Record<string, number>>((all, row) => {
      const key = row.student_status?.key ?? 'none';
      return { ...all, [key]: (all[key] ?? 0) + 1 };
    }, {});
    expect(counts).toMatchObject({ corrected: 2, in_progress: 1, not_corrected: 2 });
    await screenshot(page, 'correction-list-after-ar');
  });
});

describe('anonymous, blind double marking, as the second marker in Arabic', () => {
  it('lists codes only, opens one by its code, and shows the marker their own marks alone', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const admin = await context.newPage();
    await signInThroughForm(admin, baseUrl, 'admin@example.com');
    await admin.evaluate(() => localStorage.setItem('language', 'ar'));
    await admin.goto(`${baseUrl}/exams/${blindExamId}/preview/students?sort=name&order=asc`);
    await admin.getByRole('heading', { name: ar.exam_students.title, level: 1 }).waitFor();
    const list = admin.getByTestId('exam-student-row');
    await expect.poll(() => list.count()).toBeGreaterThanOrEqual(5);
    // The demo's first marker marked the first submitted attempt in the order of codes: that one the
    // administrator marks second (an attempt nobody has marked yet would make them its first marker).
    const submitted = await admin.request.get(
      `${baseUrl}/api/exams/${blindExamId}/assigned/students?filter[exam_status_id]=3,4`,
    );
    const code = ((await submitted.json()) as { data: { code: string }[] }).data[0]!.code;
    expect(code).toMatch(/^[0-9A-F]{12}$/);
    const row = admin.locator(`[data-testid="exam-student-row"][data-handle="${code}"]`);
    // No name of a student anywhere on the page.
    const text = await admin.locator('main').innerText();
    for (const name of ['Omar Haddad', 'Lina Yassin', 'Sami Rahal', 'Dina Khoury']) expect(text).not.toContain(name);
    await screenshot(admin, 'correction-anonymous-list-ar');

    await row.getByTestId('correct-student').click();
    await admin.getByRole('heading', { name: ar.correction_screen.title, level: 1 }).waitFor();
    expect(new URL(admin.url()).pathname).toBe(`/exams/${blindExamId}/preview/anonymous/${code}/correction`);
    await expect.poll(() => admin.getByTestId('correction-student-name').textContent()).toBe(code);
    await expect.poll(() => admin.getByTestId('correction-marker-role').getAttribute('data-role')).toBe('second');
    // The recording plays from the code's address.
    const audio = admin.getByTestId('recording-audio');
    expect(await audio.getAttribute('src')).toMatch(
      new RegExp(`/api/exams/${blindExamId}/anonymous/${code}/recordings/`),
    );
    const played = await audio.evaluate(async (element: HTMLAudioElement) => {
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { time: element.currentTime, error: element.error?.code ?? null };
    });
    expect(played).toMatchObject({ error: null });
    expect(played.time).toBeGreaterThan(0.1);

    const correction = (
      await api<{ data: Correction }>(admin, 'GET', `/exams/${blindExamId}/anonymous/${code}/correction`)
    ).data;
    const essay = correction.questions.find((q) => q.answer_type === 'essay')!;
    const spoken = correction.questions.find((q) => q.answer_type === 'audio_response')!;
    // The first marker gave 7.5 and 3.5; these are far apart, which this marker must not learn.
    await admin.getByTestId(`mark-${essay.id}`).fill('2');
    await admin.getByTestId(`mark-${spoken.id}`).fill('1');
    await admin.getByTestId(`mark-${spoken.id}`).focus();
    await admin.keyboard.press('Control+s');
    await admin.getByText(ar.correction.saved, { exact: true }).first().waitFor();
    await expect
      .poll(() => admin.getByTestId('correction-student-status').textContent())
      .toContain(ar.correction.correction_statuses.corrected);
    expect(await admin.getByTestId('correction-result').getAttribute('data-basis')).toBe('own_sheet');
    expect(await admin.getByTestId('correction-role-help').textContent()).toContain(ar.correction_screen.own_basis);
    await screenshot(admin, 'correction-blind-second-ar');
    await context.close();
  });
});
