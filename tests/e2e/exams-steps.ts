import type { Page } from 'playwright-core';
import { pageReady, screenshot } from './browser';
import { catalogs } from '../../locales';

/** The Arabic console's labels (the e2e runs in Arabic) and polyglot-style filling of `%{name}`. */
export const ar = catalogs.ar;
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/%\{(\w+)\}/g, (_, key: string) => String(values[key]));
/** Arabic-Indic digits, as the console writes counts in Arabic. */
export const arabicDigits = (n: number) => new Intl.NumberFormat('ar').format(n);

/** Calls the API with the page's session, as the console does (the CSRF header included). */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** The demo data's lookups this file uses (the IRA platform, Grade 4), by their names. */
export const NAMES = {
  skill: { en: 'Reading', ar: 'القراءة' },
  round: { en: 'Round 1', ar: 'الجولة الأولى' },
  duration: { en: '45 minutes', ar: '45 دقيقة' },
  examType: { en: 'Benchmark test', ar: 'اختبار معياري' },
  grade: { en: 'Grade 4', ar: 'الصف الرابع' },
  questionType: { en: 'Comprehension', ar: 'الفهم والاستيعاب' },
  difficulty: { en: 'Medium', ar: 'متوسط' },
  cognitive: { en: 'Understand', ar: 'الفهم' },
  depth: { en: 'Level 3: Strategic thinking', ar: 'المستوى 3: التفكير الاستراتيجي' },
  outcome: { en: 'Identifies the main idea of a short text', ar: 'يحدد الفكرة الرئيسة في نص قصير' },
};

export type Refs = Record<
  | 'platform_id'
  | 'question_type_id'
  | 'skill_id'
  | 'difficulty_level_id'
  | 'cognitive_level_id'
  | 'learning_outcome_id'
  | 'depth_of_knowledge_id',
  number
>;

/** The ids of the demo lookups above, on the IRA platform. */
export async function createLookups(page: Page): Promise<Refs> {
  const { data: platforms } = await api<{ data: { id: number; identifier: string }[] }>(page, 'GET', '/platforms');
  const platform_id = platforms.find((p) => p.identifier === 'IRA')!.id;
  const find = async (resource: string, name: { en: string }) => {
    const { data } = await api<{ data: { id: number; name_en: string }[] }>(
      page,
      'GET',
      `/${resource}?platform_id=${platform_id}&per_page=100`,
    );
    const record = data.find((r) => r.name_en === name.en);
    if (!record) throw new Error(`demo data has no ${resource} named ${name.en}`);
    return record.id;
  };
  return {
    platform_id,
    skill_id: await find('skills', NAMES.skill),
    question_type_id: await find('question-types', NAMES.questionType),
    difficulty_level_id: await find('difficulty-levels', NAMES.difficulty),
    cognitive_level_id: await find('cognitive-levels', NAMES.cognitive),
    depth_of_knowledge_id: await find('depth-of-knowledges', NAMES.depth),
    learning_outcome_id: await find('learning-outcomes', NAMES.outcome),
  };
}

/** Bank questions of four answer types, in Arabic, written by the author through the API. */
export const BANK = [
  {
    answer_type: 'single_choice',
    text: '<p>اختر عاصمة دولة الإمارات</p>',
    answer_key: {
      options: [
        { id: 'capA', text: '<p>أبوظبي</p>', correct: true },
        { id: 'capB', text: '<p>دبي</p>', correct: false },
      ],
    },
  },
  {
    answer_type: 'matching',
    text: '<p>صِل كل كلمة بضدّها</p>',
    answer_key: {
      pairs: [
        { id: 'pBig', left: '<p>كبير</p>', right_id: 'rSmall', right: '<p>صغير</p>' },
        { id: 'pLong', left: '<p>طويل</p>', right_id: 'rShort', right: '<p>قصير</p>' },
      ],
    },
  },
  {
    answer_type: 'fill_blanks',
    text: '<p>أكمل الجملة</p>',
    answer_key: { blanks: [{ id: 'bSchool', before: 'ذهب الولد إلى', after: 'مبكرًا', answer: 'المدرسة' }] },
  },
  {
    answer_type: 'reordering',
    text: '<p>رتّب الكلمات لتكوين جملة</p>',
    answer_key: {
      items: [
        { id: 'w1', text: '<p>قرأ</p>' },
        { id: 'w2', text: '<p>الطالب</p>' },
        { id: 'w3', text: '<p>القصة</p>' },
      ],
    },
  },
];

export async function createBankQuestions(page: Page, refs: Refs): Promise<void> {
  for (const question of BANK) {
    await api(page, 'POST', '/questions-bank', {
      ...refs,
      ...question,
      content_language: 'ar',
      mark: 2,
      mark_option: 'all_or_nothing',
      media_type: 'none',
      media: null,
      media_replay_count: 0,
      instruction_audio: null,
    });
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Picks `option` in the MUI select labelled `label`; a multiple select is closed after the pick. */
export async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}`) })
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // A single select closes on its own; a multiple one stays open until Escape. Escape must not
  // reach a dialog behind a closed menu: it would close the dialog.
  const closed = await page
    .getByRole('listbox')
    .waitFor({ state: 'detached', timeout: 1500 })
    .then(
      () => true,
      () => false,
    );
  if (!closed) {
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }
}

/** Waits for a toast (or any text) to show. */
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** A full-page picture from the top, so the header sits where a reader sees it. */
export async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await pageReady(page);
  await screenshot(page, name);
}
