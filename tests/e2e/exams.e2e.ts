import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eBaseUrl, launchBrowser, moveByKeyboard, signInThroughForm, typeWallTime } from './browser';
import {
  api,
  ar,
  arabicDigits,
  BANK,
  choose,
  createBankQuestions,
  createLookups,
  fill,
  NAMES,
  shot,
  toast,
  type Refs,
} from './exams-steps';

const baseUrl = e2eBaseUrl();
const ex = ar.exams;
const qe = ar.question_editor;
const qeFields = ar.resources['questions-bank'].fields;
const EXAM = { en: 'EX Reading benchmark', ar: 'اختبار القراءة التجريبي' };
let browser: Browser;
let page: Page;
let refs: Refs;
let examId: number;
let localizationId: number;

interface ExamQuestion {
  id: number;
  answer_type: string;
}
const questionsOf = async (id: number) =>
  (await api<{ data: ExamQuestion[] }>(page, 'GET', `/exams/${id}/questions`)).data;

beforeAll(async () => {
  browser = await launchBrowser();
  // The admin makes the lookups; the author writes bank questions and does everything else, in Arabic.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInThroughForm(adminPage, baseUrl, 'admin@example.com');
  refs = await createLookups(adminPage);
  await admin.close();

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  await signInThroughForm(page, baseUrl, 'author@example.com');
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await createBankQuestions(page, refs);
});
afterAll(async () => {
  await browser?.close();
});

describe('exams, as an author in Arabic', () => {
  it('1. creates an exam through the form', async () => {
    await page.goto(`${baseUrl}/exams/create`);
    await page.getByRole('heading', { name: ex.form.create_title, level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.locator('input[name="name_en"]').fill(EXAM.en);
    await page.locator('input[name="name_ar"]').fill(EXAM.ar);
    await choose(page, ar.resources.exams.fields.duration_id, NAMES.duration.ar);
    await choose(page, ar.resources.exams.fields.round_id, NAMES.round.ar);
    await choose(page, ar.resources.exams.fields.grade_id, NAMES.grade.ar);
    await choose(page, ar.resources.exams.fields.exam_type_id, NAMES.examType.ar);
    await choose(page, ar.resources.exams.fields.skill_ids, NAMES.skill.ar);
    await typeWallTime(page, 'start_date_time', '202612010900');
    await typeWallTime(page, 'end_date_time', '202612011100');
    await page.locator('input[name="questions_per_page"]').fill('2');
    await shot(page, 'exam-create-ar');
    await page.getByRole('button', { name: ar.ra.action.save }).click();
    await toast(page, ex.notifications.created);
    await page.waitForURL(`${baseUrl}/exams`);
    const { data } = await api<{ data: { id: number; start_date_time: string }[] }>(
      page,
      'GET',
      `/exams?search=${encodeURIComponent(EXAM.en)}`,
    );
    examId = data[0].id;
    expect(data[0].start_date_time).toBe('2026-12-01 09:00:00');
  });

  it('2. adds bank questions of several types and writes one in place', async () => {
    await page.goto(`${baseUrl}/exams/${examId}/edit`);
    await page.getByRole('button', { name: ex.questions.add_from_bank }).click();
    const bank = page.getByRole('dialog', { name: ex.bank.title });
    await bank.getByRole('checkbox').first().waitFor();
    // The demo bank holds Reading questions too: pick this file's own, by their texts.
    for (const question of BANK) {
      const text = question.text.replace(/<[^>]+>/g, '');
      await bank.getByRole('checkbox', { name: fill(ex.bank.select, { text }) }).check();
    }
    await bank.getByRole('button', { name: fill(ex.bank.add_selected, { count: arabicDigits(BANK.length) }) }).click();
    await toast(page, ex.notifications.questions_added);

    await page.getByRole('button', { name: ex.questions.create, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: ex.questions.create_title });
    await dialog.getByRole('textbox', { name: qeFields.text, exact: true }).click();
    await page.keyboard.type('الشمس تشرق من الشرق.', { delay: 20 });
    for (const [label, name] of [
      [qeFields.question_type_id, NAMES.questionType.ar],
      [qeFields.skill_id, NAMES.skill.ar],
      [qeFields.learning_outcome_id, NAMES.outcome.ar],
      [qeFields.difficulty_level_id, NAMES.difficulty.ar],
      [qeFields.cognitive_level_id, NAMES.cognitive.ar],
      [qeFields.depth_of_knowledge_id, NAMES.depth.ar],
      [qeFields.answer_type, qe.kinds.true_false],
    ])
      await choose(page, label, name);
    await dialog.getByRole('radio', { name: qe.true_false.true }).check();
    await dialog.getByRole('button', { name: ar.ra.action.save }).click();
    await toast(page, ex.notifications.question_created);
    // The bank copies come in the order they were picked; the new question goes last.
    const kinds = async () => (await questionsOf(examId)).map((q) => q.answer_type);
    await expect.poll(async () => (await kinds()).at(-1)).toBe('true_false');
    expect((await kinds()).slice(0, -1).sort()).toEqual(BANK.map((q) => q.answer_type).sort());
    await page.getByTestId('exam-question').nth(BANK.length).waitFor();
  });

  it('3. reorders the questions by keyboard', async () => {
    const before = (await questionsOf(examId)).map((q) => q.id);
    const handle = page.getByRole('button', { name: fill(ex.questions.drag, { number: arabicDigits(1) }) });
    await moveByKeyboard(page, handle, ['ArrowDown']);
    await toast(page, ex.notifications.questions_reordered);
    expect((await questionsOf(examId)).map((q) => q.id)).toEqual([before[1], before[0], ...before.slice(2)]);
    await shot(page, 'exam-questions-ar');
  });

  it('4. publishes the exam', async () => {
    await page.goto(`${baseUrl}/exams`);
    await page
      .getByRole('row', { name: new RegExp(EXAM.ar) })
      .getByRole('button', { name: ex.actions.more })
      .click();
    await page.getByRole('menuitem', { name: ex.actions.publish, exact: true }).click();
    await toast(page, ex.notifications.published);
    await page
      .getByRole('row', { name: new RegExp(EXAM.ar) })
      .getByText(ex.list.published, { exact: true })
      .waitFor();
  });

  it('5. opens it read-only, saying why, with Unpublish and Duplicate at hand', async () => {
    await page.goto(`${baseUrl}/exams/${examId}/edit`);
    const notice = page.getByTestId('edit-restriction');
    await notice.getByText(ar.exams.errors.published).waitFor();
    expect(await page.locator('input[name="name_ar"]').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: ar.ra.action.save }).count()).toBe(0);
    expect(await page.getByRole('button', { name: ex.questions.create, exact: true }).count()).toBe(0);
    await notice.getByRole('button', { name: ex.actions.unpublish }).waitFor();
    await notice.getByRole('button', { name: ex.actions.duplicate }).waitFor();
    await shot(page, 'exam-published-read-only-ar');
  });

  it('6. duplicates it', async () => {
    await page.goto(`${baseUrl}/exams`);
    await page
      .getByRole('row', { name: new RegExp(`${EXAM.ar}$|${EXAM.ar} `) })
      .first()
      .getByRole('button', { name: ex.actions.more })
      .click();
    await page.getByRole('menuitem', { name: ex.actions.duplicate, exact: true }).click();
    await toast(page, ex.notifications.duplicated);
    await page.getByRole('row', { name: new RegExp(`${EXAM.ar} \\(نسخة\\)`) }).waitFor();
    await shot(page, 'exams-list-ar');
  });

  it('7. localizes the original for two countries, translating its texts', async () => {
    await page
      .getByRole('row', { name: new RegExp(EXAM.ar) })
      .filter({ hasNotText: 'نسخة' })
      .getByRole('button', { name: ex.actions.more })
      .click();
    await page.getByRole('menuitem', { name: ex.actions.localize, exact: true }).click();
    await page.waitForURL(`${baseUrl}/exams/${examId}/localize`);
    await page.getByRole('link', { name: ex.localize.add }).click();
    await page.waitForURL(`${baseUrl}/exams/${examId}/localize/Create/0`);
    await page.getByRole('textbox', { name: ex.localize.name, exact: true }).fill('نسخة دول الخليج');
    const countries = page.getByRole('combobox', { name: ex.localize.countries });
    for (const [typed, country] of [
      ['الإمارات', 'الإمارات العربية المتحدة'],
      ['السعودية', 'السعودية'],
    ]) {
      await countries.fill(typed);
      await page.getByRole('option', { name: country, exact: true }).click();
    }
    const questions = await questionsOf(examId);
    const box = (kind: string) =>
      page.locator(
        `[data-testid="question-translation"][data-question-id="${questions.find((q) => q.answer_type === kind)!.id}"]`,
      );
    await box('single_choice').getByRole('textbox', { name: ex.localize.roles.text, exact: true }).click();
    await page.keyboard.type('ما عاصمة الإمارات العربية المتحدة؟', { delay: 20 });
    await box('single_choice')
      .getByRole('textbox', { name: fill(ex.localize.roles.option, { number: arabicDigits(2) }) })
      .click();
    await page.keyboard.type('إمارة دبي', { delay: 20 });
    await box('fill_blanks')
      .getByRole('textbox', { name: fill(ex.localize.roles.before, { number: arabicDigits(1) }) })
      .fill('توجّه الطفل إلى');
    await shot(page, 'exam-localize-ar');
    await page.getByRole('button', { name: ar.ra.action.save, exact: true }).click();
    const popup = page.getByRole('dialog', { name: ex.localize.popup_title });
    await popup.getByText(ex.localize.notice_title).waitFor();
    await shot(page, 'exam-localize-popup-ar');
    await popup.getByRole('button', { name: ex.localize.save_edit }).click();
    await toast(page, ex.notifications.localization_created);
    await page.waitForURL(`${baseUrl}/exams/${examId}/localize`);
    const { data } = await api<{ data: { id: number; countries: string[] }[] }>(
      page,
      'GET',
      `/exams/${examId}/localizations`,
    );
    localizationId = data[0].id;
    expect(data[0].countries).toEqual(['AE', 'SA']);
  });

  it('8. publishes the localization', async () => {
    await page.getByRole('checkbox', { name: fill(ex.localize.select, { name: 'نسخة دول الخليج' }) }).check();
    await page.getByRole('button', { name: ex.actions.publish, exact: true }).click();
    await toast(page, fill(ex.notifications.localizations_publish_many, { count: arabicDigits(1) }));
    await page
      .getByRole('row', { name: /نسخة دول الخليج/ })
      .getByText(ex.list.published, { exact: true })
      .waitFor();
    await page.getByText('الإمارات العربية المتحدة والسعودية').waitFor();
    await shot(page, 'exam-localizations-ar');
  });

  it('9. previews the exam and its localization', async () => {
    // Two questions a page: turn pages until a text shows.
    const findOnPages = async (text: string) => {
      const current = page.getByTestId('preview-page').getByText(text);
      for (let turns = 0; turns < 3 && !(await current.isVisible()); turns++)
        await page.getByRole('button', { name: ex.preview.next }).first().click();
      await current.waitFor();
    };
    await page.goto(`${baseUrl}/exams/${examId}/preview`);
    await page.getByTestId('preview-clock').getByText('45:00').waitFor();
    await page.getByTestId('preview-page').getByTestId('question-preview').nth(1).waitFor();
    await shot(page, 'exam-preview-ar');
    await findOnPages('اختر عاصمة دولة الإمارات');

    await page.goto(`${baseUrl}/exams/${examId}/localize/preview/${localizationId}`);
    await page
      .getByText(/نسخة دول الخليج/)
      .first()
      .waitFor();
    // The localized preview shows the translated texts.
    await findOnPages('ما عاصمة الإمارات العربية المتحدة؟');
    await page.getByTestId('preview-page').getByText('إمارة دبي').waitFor();
    await shot(page, 'exam-preview-localized-ar');
  });
});
