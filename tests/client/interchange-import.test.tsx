import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { QuestionImport } from '../../src/client/providers/interchangeMethods';
import { author } from './interchange-support';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

const report = (overrides: Partial<QuestionImport> = {}): QuestionImport => ({
  id: 71,
  status: 'dry_run',
  file_name: 'quiz.xml',
  format: 'moodle_xml',
  platform_id: 1,
  summary: { create: 2, unsupported: 0, errors: 0, lookups_created: 0 },
  error: null,
  created_ids: [],
  items: [
    {
      identifier: 'Capital of France',
      type: 'single_choice',
      status: 'create',
      messages: [],
      notes: [],
      preview: null,
    },
    { identifier: 'Rivers', type: 'matching', status: 'create', messages: [], notes: [], preview: null },
  ],
  ...overrides,
});

/** A single choice as the dry run previews it: the student's view and the answer that earns its mark. */
const CAPITAL_PREVIEW: NonNullable<QuestionImport['items'][number]['preview']> = {
  text: '<p>What is the capital of France?</p>',
  content_language: 'en',
  mark: 2,
  media_type: 'image',
  media_alt: 'A map',
  media_replay_count: 0,
  answer_type: 'single_choice',
  view: {
    options: [
      { id: 'o1', text: 'Lyon' },
      { id: 'o2', text: 'Paris' },
    ],
  },
  has_media: true,
  key: { option_id: 'o2' },
};

const moodleFile = () => new File(['<quiz></quiz>'], 'quiz.xml', { type: 'text/xml' });

/** Picks `option` in the select labelled `label`, by keyboard as by mouse. */
async function pick(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The page in Arabic with a Moodle file checked (a dry run): the upload region and the report. */
async function checkedInArabic() {
  renderApp('/questions-bank/interchange', 'ar');
  const user = userEvent.setup();
  const upload = await screen.findByRole('region', { name: 'استيراد ملف' });
  await user.upload(screen.getByTestId('interchange-file'), moodleFile());
  await user.click(within(upload).getByRole('button', { name: 'افحص الملف (فحص تجريبي)' }));
  const found = await screen.findByTestId('interchange-report');
  return { user, upload, found };
}

describe('the questions import and export page', () => {
  it('checks a file with default lookups: the summary, every question and its problems, Import asleep', async () => {
    author('create');
    const uploads = recorder();
    server.use(
      http.post('*/api/questions-bank/imports', async ({ request }) => {
        uploads.record(request);
        return HttpResponse.json({
          data: report({
            summary: { create: 1, unsupported: 1, errors: 1, lookups_created: 0 },
            items: [
              {
                identifier: 'Capital of France',
                type: 'single_choice',
                status: 'create',
                messages: [],
                notes: ['The file map.jpg was not imported: a question keeps one image or audio.'],
                preview: CAPITAL_PREVIEW,
              },
              {
                identifier: 'Calculated 1',
                type: null,
                status: 'unsupported',
                messages: ['This kind of question (calculated) cannot be imported; it is skipped.'],
                notes: [],
                preview: null,
              },
              {
                identifier: 'Rivers',
                type: 'matching',
                status: 'error',
                messages: ['The file gives no Skill: choose one for such questions.'],
                notes: [],
                preview: null,
              },
            ],
          }),
        });
      }),
    );
    renderApp('/questions-bank/interchange');
    const user = userEvent.setup();
    const upload = await screen.findByRole('region', { name: 'Import a file' });
    const importButton = within(upload).getByRole('button', { name: 'Import' });
    const check = within(upload).getByRole('button', { name: 'Check the file (dry run)' });
    expect(importButton).toBeDisabled();
    expect(check).toBeDisabled();
    expect(within(upload).getByRole('group', { name: 'For questions whose file names no lookup' })).toBeInTheDocument();

    await pick('Skill', 'Reading');
    await pick('Difficulty level', 'Easy');
    await user.click(within(upload).getByRole('checkbox', { name: /Create the lookup values/ }));
    await user.upload(screen.getByTestId('interchange-file'), moodleFile());
    expect(within(upload).getByText('quiz.xml')).toBeInTheDocument();
    await user.click(check);

    const found = await screen.findByTestId('interchange-report');
    expect(within(found).getByText('Moodle XML')).toBeInTheDocument();
    const figures = within(found).getByTestId('interchange-summary');
    const figure = (name: string) => within(figures).getByText(name).nextSibling;
    expect(figure('To create')).toHaveTextContent('1');
    expect(figure('Not supported (skipped)')).toHaveTextContent('1');
    expect(figure('In error')).toHaveTextContent('1');
    expect(
      within(found).getByText(/Some questions are in error: correct the file and check it again, or import the rest/),
    ).toBeInTheDocument();
    const rows = within(found).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Capital of France',
        // Each question by its own words too, not only its identifier (issue 41).
        'What is the capital of France?',
        'Single choice',
        'To create',
        'Note: The file map.jpg was not imported: a question keeps one image or audio.',
        'Preview',
      ],
      [
        'Calculated 1',
        '—',
        '—',
        'Skipped',
        'This kind of question (calculated) cannot be imported; it is skipped.',
        '—',
      ],
      ['Rivers', '—', 'Matching', 'Error', 'The file gives no Skill: choose one for such questions.', '—'],
    ]);
    expect(importButton).toBeDisabled();

    const body = await uploads.requests[0].clone().text();
    // The fields before the file, which the server reads as they come.
    expect(body.indexOf('name="platform_id"')).toBeLessThan(body.indexOf('name="file"'));
    const form = await uploads.requests[0].formData();
    expect(form.get('mode')).toBe('dry_run');
    expect(form.get('platform_id')).toBe('1');
    expect(form.get('default_skill_id')).toBe('4');
    expect(form.get('default_difficulty_level_id')).toBe('5');
    expect(form.get('default_question_type_id')).toBeNull();
    expect(form.get('create_lookups')).toBe('true');

    // Another default: the check no longer stands.
    await pick('Cognitive level', 'Remember');
    expect(screen.queryByTestId('interchange-report')).not.toBeInTheDocument();
  });

  it('imports a clean file after its dry run, in Arabic: a progress bar, then the result and the bank', async () => {
    author('create');
    const uploads = recorder();
    let polls = 0;
    server.use(
      http.post('*/api/questions-bank/imports', async ({ request }) => {
        uploads.record(request);
        const form = await request.formData();
        return form.get('mode') === 'dry_run'
          ? HttpResponse.json({ data: report() })
          : HttpResponse.json({ data: report({ id: 72, status: 'queued' }) }, { status: 202 });
      }),
      http.get('*/api/questions-bank/imports/72', () => {
        polls += 1;
        return HttpResponse.json({
          data:
            polls < 2
              ? report({ id: 72, status: 'running' })
              : report({ id: 72, status: 'done', created_ids: [501, 502] }),
        });
      }),
    );
    renderApp('/questions-bank/interchange', 'ar');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'استيراد الأسئلة وتصديرها', level: 1 })).toBeInTheDocument();
    const upload = await screen.findByRole('region', { name: 'استيراد ملف' });
    expect(within(upload).getByRole('combobox', { name: 'المهارة' })).toBeInTheDocument();
    expect(within(upload).getByRole('combobox', { name: 'عمق المعرفة' })).toBeInTheDocument();
    expect(
      within(upload).getByRole('checkbox', { name: 'أنشئ قيم القوائم التي يذكرها الملف وليست في المنصة' }),
    ).not.toBeChecked();
    await user.upload(screen.getByTestId('interchange-file'), moodleFile());
    await user.click(within(upload).getByRole('button', { name: 'افحص الملف (فحص تجريبي)' }));
    const found = await screen.findByTestId('interchange-report');
    expect(within(found).getByText('لا مشكلات: يمكن استيراد الملف.')).toBeInTheDocument();
    expect(within(found).getByText('ملف Moodle XML')).toBeInTheDocument();
    expect(within(found).getByRole('columnheader', { name: 'يصير' })).toBeInTheDocument();
    expect(within(found).getByText('التوصيل')).toBeInTheDocument();
    expect(within(found).getAllByText('سيُنشأ')).toHaveLength(2);

    const importButton = within(upload).getByRole('button', { name: 'استيراد' });
    await waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);

    const job = await screen.findByTestId('interchange-import');
    expect(within(job).getByRole('progressbar', { name: 'الاستيراد جارٍ…' })).toBeInTheDocument();
    expect(within(upload).getByRole('button', { name: 'اختر ملفًا' })).toBeDisabled();
    expect(within(upload).getByRole('combobox', { name: 'المهارة' })).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(job).toHaveAttribute('data-status', 'done'), { timeout: 5000 });
    expect(within(job).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(job).getByRole('status')).toHaveTextContent('استُورد سؤالان');
    expect(within(job).getByText('أُنشئت').nextSibling?.textContent).toMatch(/^[2٢]$/);
    expect(within(job).getByRole('link', { name: 'افتح بنك الأسئلة' })).toHaveAttribute('href', '/questions-bank');
    expect(within(upload).getByRole('button', { name: 'اختر ملفًا' })).toBeEnabled();
    expect(screen.queryByTestId('interchange-report')).not.toBeInTheDocument();

    expect(uploads.requests).toHaveLength(2);
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('previews a question of the dry run as a student will see it, with its key filled in, in Arabic (issue 40)', async () => {
    author('create');
    const essay = {
      ...CAPITAL_PREVIEW,
      text: '<p>صف يومك.</p>',
      content_language: 'ar' as const,
      media_type: 'none' as const,
      answer_type: 'essay' as const,
      view: { max_words: 50 },
      has_media: false,
      key: null,
    };
    const items: QuestionImport['items'] = [
      {
        identifier: 'Capital of France',
        type: 'single_choice',
        status: 'create',
        messages: [],
        notes: [],
        preview: CAPITAL_PREVIEW,
      },
      { identifier: 'My day', type: 'essay', status: 'create', messages: [], notes: [], preview: essay },
    ];
    server.use(http.post('*/api/questions-bank/imports', () => HttpResponse.json({ data: report({ items }) })));
    const { user, found } = await checkedInArabic();
    await user.click(within(found).getByRole('button', { name: 'معاينة: Capital of France' }));
    const dialog = await screen.findByRole('dialog', { name: 'ما يصبح عليه Capital of France' });
    expect(within(dialog).getByText('What is the capital of France?')).toBeInTheDocument();
    // The right option is chosen, the other not: the key, read as a student would give it.
    expect(within(dialog).getByRole('radio', { name: 'Paris' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Lyon' })).not.toBeChecked();
    expect(within(dialog).getByText(/مُلئ بالإجابة التي تنال الدرجة كاملة/)).toBeInTheDocument();
    expect(within(dialog).getByText(/تظهر صورة الملف أو صوته بعد استيراد السؤال/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('question-preview')).toHaveTextContent('2');
    await user.click(within(dialog).getByRole('button', { name: 'إغلاق' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(found).getByRole('button', { name: 'معاينة: My day' }));
    const second = await screen.findByRole('dialog', { name: 'ما يصبح عليه My day' });
    expect(within(second).getByText('صف يومك.')).toBeInTheDocument();
    expect(within(second).getByText(/يصحّح المصحّح هذه الإجابة/)).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('imports the rest when the author asks, leaving out the questions in error, in Arabic (issue 40)', async () => {
    author('create');
    const uploads = recorder();
    const summary = { create: 1, unsupported: 0, errors: 1, lookups_created: 0 };
    const items: QuestionImport['items'] = [
      {
        identifier: 'Capital of France',
        type: 'single_choice',
        status: 'create',
        messages: [],
        notes: [],
        preview: null,
      },
      { identifier: 'Rivers', type: 'matching', status: 'error', messages: ['Broken'], notes: [], preview: null },
    ];
    server.use(
      http.post('*/api/questions-bank/imports', async ({ request }) => {
        uploads.record(request);
        const form = await request.formData();
        return form.get('mode') === 'dry_run'
          ? HttpResponse.json({ data: report({ summary, items }) })
          : HttpResponse.json({ data: report({ id: 73, status: 'queued', summary, items }) }, { status: 202 });
      }),
      http.get('*/api/questions-bank/imports/73', () =>
        HttpResponse.json({ data: report({ id: 73, status: 'done', summary, items, created_ids: [601] }) }),
      ),
    );
    const { user, upload } = await checkedInArabic();
    const importButton = within(upload).getByRole('button', { name: 'استيراد' });
    expect(importButton).toBeDisabled();
    const rest = within(upload).getByRole('checkbox', { name: /^استورد الباقي/ });
    expect(rest).toHaveAccessibleName(
      'استورد الباقي: الأسئلة التي يمكن استيرادها (1)، من دون الأسئلة التي فيها أخطاء (1).',
    );
    await user.click(rest);
    await waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);
    await waitFor(() => expect(screen.getByTestId('interchange-import')).toHaveAttribute('data-status', 'done'));
    const [dryRun, imported] = await Promise.all(uploads.requests.map((request) => request.formData()));
    expect([dryRun.get('mode'), dryRun.get('skip_errors')]).toEqual(['dry_run', 'false']);
    expect([imported.get('mode'), imported.get('skip_errors')]).toEqual(['import', 'true']);
  });

  it('shows why a file is refused whole, and an import refused for items in error with its report', async () => {
    author('create');
    let mode = 'dry_run';
    server.use(
      http.post('*/api/questions-bank/imports', async ({ request }) => {
        mode = String((await request.formData()).get('mode'));
        if (mode === 'dry_run')
          return HttpResponse.json(
            {
              message: 'The zip file has no imsmanifest.xml: it is not a QTI content package.',
              errors: { file: ['The zip file has no imsmanifest.xml: it is not a QTI content package.'] },
            },
            { status: 422 },
          );
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderApp('/questions-bank/interchange');
    const user = userEvent.setup();
    await user.upload(await screen.findByTestId('interchange-file'), moodleFile());
    await user.click(screen.getByRole('button', { name: 'Check the file (dry run)' }));
    expect(await screen.findByTestId('interchange-refusal')).toHaveTextContent('The zip file has no imsmanifest.xml');
    expect(screen.queryByTestId('interchange-report')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
