import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ANSWER_KINDS, type AnswerKind } from '../../src/common/questions';
import { e2eBaseUrl, launchBrowser, signInThroughForm, visit } from './browser';
import { ANSWERS } from './questions-kinds';
import { api, choose, createLookups, fillQuestion, labels, screenshotForm, toast, typeRich } from './questions-steps';

const baseUrl = e2eBaseUrl();
const en = labels('en');
const ar = labels('ar');
let browser: Browser;
let platformId: number;
let lookupIds: Awaited<ReturnType<typeof createLookups>>['ids'];
const created: Partial<Record<AnswerKind | 'arabic', number>> = {};

beforeAll(async () => {
  // A fake microphone (a beep) that needs no permission prompt, for the recorder.
  browser = await launchBrowser({ args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] });
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(language: 'en' | 'ar'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  // A step that cannot happen fails with its own message well before the test's time is up.
  page.setDefaultTimeout(15_000);
  await signInThroughForm(page, baseUrl, 'admin@example.com');
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  return { context, page };
}

type Question = {
  id: number;
  answer_type: AnswerKind;
  answer_key: Record<string, unknown>;
  mark: number;
  instruction_audio: string | null;
};

/** The newest bank question of the platform, read back through the API. */
async function newestQuestion(page: Page): Promise<Question> {
  const { data } = await api<{ data: Question[] }>(
    page,
    'GET',
    `/questions-bank?platform_id=${platformId}&sort=id&order=desc&per_page=1`,
  );
  return data[0];
}

async function saveAndExpectCreated(page: Page, l: typeof en) {
  await page.getByRole('button', { name: l.save, exact: true }).click();
  await toast(page, l.qe.notifications.created);
  await page.waitForURL(`${baseUrl}/questions-bank`);
}

describe('questions bank', () => {
  it('creates one question of each of the ten types in English', async () => {
    const { context, page } = await freshPage('en');
    ({ platformId, ids: lookupIds } = await createLookups(page));
    for (const kind of ANSWER_KINDS) {
      await visit(page, '/questions-bank/create');
      await page.getByRole('heading', { name: en.qe.create_title, level: 1 }).waitFor();
      await fillQuestion(page, 'en', `Question of type ${kind}`);
      await choose(page, en.qeFields.answer_type, en.qe.kinds[kind]);
      await ANSWERS[kind](page, en);
      if (kind === 'matching') await screenshotForm(page, 'question-editor-en');
      await saveAndExpectCreated(page, en);
      const question = await newestQuestion(page);
      expect(question.answer_type).toBe(kind);
      created[kind] = question.id;
    }
    const reordering = await api<{ data: Question }>(
      page,
      'GET',
      `/questions-bank/${created.reordering}?platform_id=${platformId}`,
    );
    expect((reordering.data.answer_key.items as { text: string }[]).map((item) => item.text)).toEqual([
      '<p>First</p>',
      '<p>Second</p>',
    ]);
    const paragraph = await api<{ data: Question }>(
      page,
      'GET',
      `/questions-bank/${created.paragraph}?platform_id=${platformId}`,
    );
    expect(paragraph.data.mark).toBe(2);
    await page.getByRole('row', { name: /Question of type paragraph/ }).waitFor();
    await context.close();
  }, 300_000);

  it('records instruction audio with a fake microphone, saves it and plays it back', async () => {
    const { context, page } = await freshPage('en');
    await page.goto(`${baseUrl}/questions-bank/${created.true_false}/edit`);
    const recorder = page.getByTestId('audio-recorder');
    await recorder.getByRole('button', { name: en.recorder.record }).click();
    await expect.poll(() => recorder.getAttribute('data-state')).toBe('recording');
    await page.waitForTimeout(1500);
    await recorder.getByRole('button', { name: en.recorder.stop }).click();
    await expect.poll(() => recorder.getAttribute('data-state')).toBe('localPlayback');
    await recorder.getByRole('button', { name: en.recorder.save }).click();
    await expect.poll(() => recorder.getAttribute('data-state')).toBe('remotePlayback');
    await recorder.getByRole('button', { name: en.recorder.play }).click();
    const audio = recorder.getByTestId('audio-element');
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await audio.evaluate((element: HTMLAudioElement) => element.src)).toMatch(/\/api\/media\/[0-9a-f]+\.webm$/);

    await page.getByRole('button', { name: en.save, exact: true }).click();
    await toast(page, en.qe.notifications.updated);
    const { data } = await api<{ data: Question & { instruction_audio_url: string } }>(
      page,
      'GET',
      `/questions-bank/${created.true_false}?platform_id=${platformId}`,
    );
    expect(data.instruction_audio).toMatch(/^media\/[0-9a-f]+\.webm$/);
    const type = await page.evaluate(
      async (url) => (await fetch(url)).headers.get('content-type'),
      data.instruction_audio_url,
    );
    expect(type).toBe('audio/webm');
    await context.close();
  });

  it('previews every question as a student sees it, without its key', async () => {
    const { context, page } = await freshPage('en');
    for (const kind of ANSWER_KINDS) {
      await visit(page, `/questions-bank/${created[kind]}/preview`);
      const preview = page.getByTestId('question-preview');
      await preview.getByText(`Question of type ${kind}`).waitFor();
      // The content is marked English and left to right; in an English console, so are the interface
      // words placed inside it (each marked with the interface's language, WCAG 3.1.2).
      expect(await preview.locator('[dir="ltr"][lang="en"]').count()).toBeGreaterThanOrEqual(1);
      expect(await preview.locator('[dir="rtl"], [lang="ar"]').count()).toBe(0);
      // The student view carries no key: nothing in the page says which answer is right.
      expect(await preview.innerHTML()).not.toMatch(/right_id|"correct"|data-correct/);
      if (kind === 'matching') await screenshotForm(page, 'question-preview-en');
    }
    // Answers can be tried out: the essay counts words as it is typed.
    await page.goto(`${baseUrl}/questions-bank/${created.essay}/preview`);
    await page.getByRole('textbox', { name: en.qe.preview_answer.essay }).fill('one two three');
    await page
      .getByTestId('word-count')
      // The numbers are isolated (U+2068 … U+2069) so that they keep their order in either direction.
      .filter({ hasText: /^\u2068?3\u2069? of \u2068?50\u2069? words$/ })
      .waitFor();
    await page.goto(`${baseUrl}/questions-bank/${created.true_false}/preview`);
    await page.getByTestId('instruction-audio').getByRole('button', { name: en.recorder.play }).waitFor();
    await context.close();
  });

  it('creates and previews a question in Arabic, right to left', async () => {
    const { context, page } = await freshPage('ar');
    const option = (number: number) => ar.fill(ar.qe.choice.option, { number });
    await page.goto(`${baseUrl}/questions-bank/create`);
    await page.getByRole('heading', { name: ar.qe.create_title, level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await fillQuestion(page, 'ar', 'ما عاصمة جمهورية مصر العربية؟');
    await typeRich(page, option(1), 'القاهرة');
    await typeRich(page, option(2), 'الإسكندرية');
    await page.getByRole('radio', { name: ar.fill(ar.qe.choice.correct, { name: option(1) }) }).click();
    expect(await page.getByRole('textbox', { name: ar.qeFields.text }).getAttribute('dir')).toBe('rtl');
    await screenshotForm(page, 'question-editor-ar');
    await saveAndExpectCreated(page, ar);
    created.arabic = (await newestQuestion(page)).id;

    await page
      .getByRole('row', { name: /ما عاصمة/ })
      .getByRole('link', { name: ar.qe.preview })
      .click();
    const preview = page.getByTestId('question-preview');
    await preview.getByText('ما عاصمة جمهورية مصر العربية؟').waitFor();
    // The Arabic content is marked right to left, and so are the Arabic interface words inside it;
    // nothing in an Arabic console's preview of Arabic content is marked English or left to right.
    expect(await preview.locator('[dir="rtl"][lang="ar"]').count()).toBeGreaterThanOrEqual(1);
    expect(await preview.locator('[dir="ltr"], [lang="en"]').count()).toBe(0);
    await preview.getByRole('radio', { name: 'القاهرة' }).check();
    await screenshotForm(page, 'question-preview-ar');
    await context.close();
  });

  it('never runs a stored script payload in the list, the form or the preview', async () => {
    const { context, page } = await freshPage('en');
    const payload = '<p>Stored payload question</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    const { data } = await api<{ data: Question & { text: string } }>(page, 'POST', '/questions-bank', {
      text: payload,
      content_language: 'en',
      ...lookupIds,
      mark: 1,
      mark_option: 'all_or_nothing',
      media_type: 'none',
      media_replay_count: 0,
      answer_type: 'single_choice',
      answer_key: {
        options: [
          { id: 'optA', text: '<p>A</p><img src=x onerror="window.__xss=3">', correct: true },
          { id: 'optB', text: '<p>B</p>', correct: false },
        ],
      },
      platform_id: platformId,
    });
    expect(data.text).not.toMatch(/script|onerror|<img/i);
    const xss = () => page.evaluate(() => (window as { __xss?: unknown }).__xss);
    for (const path of ['/questions-bank', `/questions-bank/${data.id}/edit`, `/questions-bank/${data.id}/preview`]) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByText('Stored payload question').first().waitFor();
      // A script the page let through would run as its images fail to load: give it the time.
      await page.waitForTimeout(500);
      expect(await xss()).toBeUndefined();
    }
    await context.close();
  });
});
