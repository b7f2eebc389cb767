import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pageReady, screenshot } from './browser';
import { catalogs, type Language } from '../../locales';

/** The console's own labels, so the steps read the same screens in English and Arabic. */
export function labels(language: Language) {
  const catalog = catalogs[language];
  const fill = (template: string, values: Record<string, string | number>) =>
    template.replace(/%\{(\w+)\}/g, (_, key: string) => String(values[key]));
  return {
    qe: catalog.question_editor,
    qeFields: catalog.resources['questions-bank'].fields,
    recorder: catalog.recorder,
    fill,
    save: catalog.ra.action.save,
  };
}

/** Calls the API with the page's session, as the console does (the CSRF header included). */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
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

/** The demo data's lookups these tests pick, by form field (IRA, Grade 4). */
export const LOOKUPS = {
  question_type_id: { resource: 'question-types', en: 'Comprehension', ar: 'الفهم والاستيعاب' },
  skill_id: { resource: 'skills', en: 'Reading', ar: 'القراءة' },
  difficulty_level_id: { resource: 'difficulty-levels', en: 'Easy', ar: 'سهل' },
  cognitive_level_id: { resource: 'cognitive-levels', en: 'Remember', ar: 'التذكر' },
  depth_of_knowledge_id: { resource: 'depth-of-knowledges', en: 'Level 1: Recall', ar: 'المستوى 1: الاستدعاء' },
  learning_outcome_id: {
    resource: 'learning-outcomes',
    en: 'Identifies the main idea of a short text',
    ar: 'يحدد الفكرة الرئيسة في نص قصير',
  },
} as const;

/** The ids of those lookups on the IRA platform. */
export async function createLookups(
  page: Page,
): Promise<{ platformId: number; ids: Record<keyof typeof LOOKUPS, number> }> {
  const { data: platforms } = await api<{ data: { id: number; identifier: string }[] }>(page, 'GET', '/platforms');
  const platformId = platforms.find((p) => p.identifier === 'IRA')!.id;
  const ids = {} as Record<keyof typeof LOOKUPS, number>;
  for (const [field, lookup] of Object.entries(LOOKUPS) as [
    keyof typeof LOOKUPS,
    (typeof LOOKUPS)[keyof typeof LOOKUPS],
  ][]) {
    const { data } = await api<{ data: { id: number; name_en: string }[] }>(
      page,
      'GET',
      `/${lookup.resource}?platform_id=${platformId}&per_page=100`,
    );
    const record = data.find((r) => r.name_en === lookup.en);
    if (!record) throw new Error(`demo data has no ${lookup.resource} named ${lookup.en}`);
    ids[field] = record.id;
  }
  return { platformId, ids };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Picks `option` in the MUI select labelled `label` (its accessible name also holds the current value). */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}`) }).click();
  const listbox = page.getByRole('listbox');
  // The menu grows in: on a loaded machine a click during the transition landed beside the option
  // (the menu stayed open; seen with four files on two cores). Click once it is at rest.
  await expect
    .poll(() =>
      listbox.evaluate((list) => {
        const paper = list.closest('.MuiPaper-root');
        if (!paper) return true;
        const style = getComputedStyle(paper);
        return style.opacity === '1' && ['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(style.transform);
      }),
    )
    .toBe(true);
  await page.getByRole('option', { name: option, exact: true }).click();
  await listbox.waitFor({ state: 'detached' });
}

/** Types into the rich-text field named `label` (the nth one when several share the name). */
export async function typeRich(page: Page, label: string, text: string, nth = 0) {
  const box = page.getByRole('textbox', { name: label, exact: true }).nth(nth);
  await box.click();
  await page.keyboard.type(text);
}

/** Fills everything but the answer: text, classification, mark, content language. */
export async function fillQuestion(page: Page, language: Language, text: string) {
  const { qeFields } = labels(language);
  await choose(page, qeFields.content_language, catalogLanguageName(language));
  await typeRich(page, qeFields.text, text);
  for (const field of [
    'question_type_id',
    'skill_id',
    'learning_outcome_id',
    'difficulty_level_id',
    'cognitive_level_id',
    'depth_of_knowledge_id',
  ] as const) {
    await choose(page, qeFields[field], LOOKUPS[field][language]);
  }
}

const catalogLanguageName = (language: Language) => catalogs[language].languages[language];

/** Waits for a toast (or any text) to show. */
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/**
 * A full-page picture of a form that must survive it. Playwright's full-page capture resizes the
 * viewport through a 1 px wide state, which makes the console swap in its narrow-screen block
 * page and back, losing unsaved input; a viewport as tall as the page needs no such resize.
 */
export async function screenshotForm(page: Page, name: string) {
  const viewport = page.viewportSize() ?? { width: 1366, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await pageReady(page);
  await screenshot(page, name);
  await page.setViewportSize(viewport);
}
