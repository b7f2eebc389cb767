import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../../locales/index';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { makeExam, serveExamList, serveLookups, setWallTime, signInAuthor } from './support';

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  // A multiple select stays open after a pick.
  if (screen.queryByRole('listbox')) await user.keyboard('{Escape}');
}

/** The edit page's calls: the exam, its restriction and its (empty) question list. */
function serveExam(exam = makeExam(), restriction = { editable: true, message: null as string | null }) {
  server.use(
    http.get(`*/api/exams/${exam.id}`, () => HttpResponse.json({ data: exam })),
    http.get('*/api/exam-restriction/check', () => HttpResponse.json({ data: restriction })),
    http.get(`*/api/exams/${exam.id}/questions`, () => HttpResponse.json({ data: [] })),
  );
}

const SPEC_MESSAGES = [
  'Exam name in English is required',
  'Exam name in Arabic is required',
  'Exam duration is required',
  'Exam round is required',
  'Exam grade is required',
  'Exam type is required',
  'Exam skill is required',
  'Exam start time is required',
  'Exam end time is required',
  'Exam minimum mark is required',
  'Exam maximum mark is required',
  'Exam pass mark is required',
  'Questions per page is required',
];

describe('exam form', () => {
  it("shows each of the spec's messages under its field before sending anything", async () => {
    signInAuthor();
    serveLookups();
    const posts = recorder();
    server.use(
      http.post('*/api/exams', ({ request }) => (posts.record(request), HttpResponse.json({}, { status: 500 }))),
    );
    renderApp('/exams/create');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Add exam', level: 1 })).toBeInTheDocument();
    // Shown until the field has an error of its own.
    expect(await screen.findByText('0 shows all questions on one page.')).toBeInTheDocument();
    for (const label of ['Minimum mark', 'Maximum mark', 'Pass mark', 'Questions per page'])
      await user.clear(screen.getByRole('spinbutton', { name: label }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    for (const message of SPEC_MESSAGES) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(posts.requests).toHaveLength(0);
  });

  it('wants the end after the start and the pass mark between the minimum and maximum', async () => {
    signInAuthor();
    serveLookups();
    serveExam();
    renderApp('/exams/12/edit');
    const user = userEvent.setup();

    await screen.findByRole('textbox', { name: 'Name (English)' });
    await setWallTime('end_date_time', '2026-12-01 08:00');
    const pass = screen.getByRole('spinbutton', { name: 'Pass mark' });
    await user.clear(pass);
    await user.type(pass, '95');
    const max = screen.getByRole('spinbutton', { name: 'Maximum mark' });
    await user.clear(max);
    await user.type(max, '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Exam end time must be after its start time')).toBeInTheDocument();
    expect(screen.getByText('Exam pass mark must be between the minimum and maximum marks')).toBeInTheDocument();
  });

  it('shows grade on an IRA platform and level on an ISA platform', async () => {
    signInAuthor();
    const asked = serveLookups();
    renderApp('/exams/create');
    const user = userEvent.setup();

    expect(await screen.findByRole('combobox', { name: 'Grade' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Level' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'International Standards Assessment' }));
    expect(await screen.findByRole('combobox', { name: 'Level' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Grade' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Exam level is required')).toBeInTheDocument();
    expect(asked).toEqual([1, 2]);
  });

  it("shows an adaptive exam's rules only once its delivery is adaptive", async () => {
    signInAuthor();
    serveLookups();
    serveExamList();
    renderApp('/exams/create');
    await screen.findByRole('textbox', { name: 'Name (English)' });
    expect(screen.queryByRole('spinbutton', { name: 'Fewest questions' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Fewest questions' })).toBeNull();
    await choose('Delivery', 'Adaptive');
    expect(await screen.findByRole('spinbutton', { name: 'Fewest questions' })).toHaveValue(10);
    expect(screen.getByRole('spinbutton', { name: 'Precision target (standard error, logits)' })).toHaveValue(0.3);
    expect(screen.getByText(/Stop once the standard error of the ability is at or below this/)).toBeInTheDocument();
  });

  it('creates a new exam (id 0) with POST, then goes to /exams', async () => {
    signInAuthor();
    serveLookups();
    serveExamList();
    const posts = recorder();
    server.use(
      http.post(
        '*/api/exams',
        ({ request }) => (posts.record(request), HttpResponse.json({ data: makeExam({ id: 30 }) }, { status: 201 })),
      ),
    );
    renderApp('/exams/create');
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: 'Name (English)' }), 'Reading benchmark');
    await user.type(screen.getByRole('textbox', { name: 'Name (Arabic)' }), 'اختبار القراءة');
    await choose('Duration', '45 minutes');
    await choose('Round', 'Round 1');
    await choose('Grade', 'Grade 4');
    await choose('Exam type', 'Benchmark');
    await choose('Skills', 'Reading');
    await setWallTime('start_date_time', '2026-12-01 09:00');
    await setWallTime('end_date_time', '2026-12-01 11:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(window.location.pathname).toBe('/exams'));
    expect(await screen.findByText('Exam created successfully')).toBeInTheDocument();
    expect(await posts.requests[0].json()).toEqual({
      name: 'Reading benchmark',
      name_en: 'Reading benchmark',
      name_ar: 'اختبار القراءة',
      platform_id: 1,
      duration_id: 51,
      grade_id: 11,
      level_id: null,
      round_id: 41,
      academic_year_id: null,
      exam_type_id: 61,
      skill_ids: [31],
      start_date_time: '2026-12-01 09:00:00',
      end_date_time: '2026-12-01 11:00:00',
      min_mark: 0,
      max_mark: 100,
      pass_mark: 50,
      questions_per_page: 0,
      tags: [],
      double_marking: false,
      double_marking_threshold: 20,
      anonymous_marking: false,
      safe_exam_browser: false,
      seb_browser_exam_keys: [],
      delivery_mode: 'fixed',
      adaptive_min_questions: 10,
      adaptive_max_questions: 40,
      adaptive_se_target: 0.3,
      adaptive_start: 'stage_mean',
      adaptive_exposure: 'randomesque',
      adaptive_randomesque: 5,
      adaptive_exposure_ceiling: 0.25,
      adaptive_content: 'none',
      adaptive_outcome_min: 0,
      adaptive_outcome_max: null,
    });
  });

  it('warns about localized exams only on an exam that has some', async () => {
    signInAuthor();
    serveLookups();
    serveExam();
    server.use(http.get('*/api/exams/12/localizations', () => HttpResponse.json({ data: [] })));
    renderApp('/exams/12/edit');

    await screen.findByRole('textbox', { name: 'Name (English)' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('localized-warning')).not.toBeInTheDocument();
  });

  it("offers the saved exam's Safe Exam Browser file only once it requires Safe Exam Browser (issue 46)", async () => {
    signInAuthor();
    serveLookups();
    serveExam(makeExam({ safe_exam_browser: true }));
    server.use(http.get('*/api/exams/12/localizations', () => HttpResponse.json({ data: [] })));
    renderApp('/exams/12/edit', 'ar');
    const file = await screen.findByRole('link', { name: catalogs.ar.exams.form.safe_exam_browser_file });
    expect(file).toHaveAttribute('href', '/api/exams/12/seb-config');
    expect(screen.getByRole('switch', { name: 'يتطلّب متصفّح الاختبار الآمن' })).toBeChecked();
    // Its Browser Exam Keys are asked for with it.
    expect(screen.getByRole('combobox', { name: 'مفاتيح متصفّح الاختبار' })).toBeInTheDocument();
  });

  it('offers no Safe Exam Browser file for an exam that does not require it', async () => {
    signInAuthor();
    serveLookups();
    serveExam(makeExam({ safe_exam_browser: false }));
    server.use(http.get('*/api/exams/12/localizations', () => HttpResponse.json({ data: [] })));
    renderApp('/exams/12/edit');
    expect(await screen.findByRole('switch', { name: 'Requires Safe Exam Browser' })).not.toBeChecked();
    expect(screen.queryByTestId('seb-config')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Browser Exam Keys' })).not.toBeInTheDocument();
  });

  it('updates an existing exam with PUT, then goes to /exams; it warns about localized exams', async () => {
    signInAuthor();
    serveLookups();
    serveExam();
    serveExamList();
    const puts = recorder();
    server.use(
      http.get('*/api/exams/12/localizations', () =>
        HttpResponse.json({ data: [{ id: 3, exam_id: 12, name: 'UAE', countries: ['AE'], is_published: false }] }),
      ),
      http.put('*/api/exams/12', ({ request }) => (puts.record(request), HttpResponse.json({ data: makeExam() }))),
    );
    renderApp('/exams/12/edit');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Edit exam #12', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('localized-warning')).toHaveTextContent(
      'Changes to this exam also apply to its localized exams.',
    );
    const name = await screen.findByRole('textbox', { name: 'Name (English)' });
    await user.clear(name);
    await user.type(name, 'Reading benchmark 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(window.location.pathname).toBe('/exams'));
    expect(await screen.findByText('Exam updated successfully')).toBeInTheDocument();
    expect(await puts.requests[0].json()).toMatchObject({
      name: 'Reading benchmark 2',
      name_en: 'Reading benchmark 2',
      start_date_time: '2026-12-01 09:00:00',
      skill_ids: [31],
    });
  });

  it("puts the server's field errors under their inputs", async () => {
    signInAuthor();
    serveLookups();
    serveExam();
    server.use(
      http.put('*/api/exams/12', () =>
        HttpResponse.json(
          { message: 'Invalid', errors: { round_id: ['The selected item does not exist on this platform'] } },
          { status: 422 },
        ),
      ),
    );
    renderApp('/exams/12/edit');
    const user = userEvent.setup();

    await screen.findByRole('textbox', { name: 'Name (English)' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The selected item does not exist on this platform', { selector: 'p span, p' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/exams/12/edit');
  });

  it('opens a published exam read-only, says why, and offers to unpublish or duplicate it', async () => {
    signInAuthor();
    serveLookups();
    const message = 'This exam is published and cannot be changed. Unpublish or duplicate it first.';
    let published = true;
    server.use(
      http.get('*/api/exams/12', () => HttpResponse.json({ data: makeExam({ is_published: published }) })),
      http.get('*/api/exam-restriction/check', () =>
        HttpResponse.json({ data: published ? { editable: false, message } : { editable: true, message: null } }),
      ),
      http.get('*/api/exams/12/questions', () => HttpResponse.json({ data: [] })),
      http.put('*/api/exams/12/unpublish', () => {
        published = false;
        return HttpResponse.json({ data: makeExam({ is_published: false }) });
      }),
      http.get('*/api/exams/12/duplicate', () =>
        HttpResponse.json({ data: makeExam({ id: 77, is_published: false }) }),
      ),
    );
    renderApp('/exams/12/edit');
    const user = userEvent.setup();

    const notice = await screen.findByTestId('edit-restriction');
    expect(notice).toHaveTextContent('This exam is read-only');
    expect(notice).toHaveTextContent(message);
    expect(await screen.findByRole('textbox', { name: 'Name (English)' })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Pass mark' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add from questions bank' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create question' })).not.toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name (English)' })).toBeEnabled());
    expect(screen.queryByTestId('edit-restriction')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create question' })).toBeInTheDocument();
  });

  it('duplicates a published exam from its read-only page and opens the copy', async () => {
    signInAuthor();
    serveLookups();
    serveExam(makeExam({ id: 77, is_published: false }));
    serveExam(makeExam({ is_published: true }));
    server.use(
      http.get('*/api/exam-restriction/check', ({ request }) =>
        HttpResponse.json({
          data:
            new URL(request.url).searchParams.get('exam_id') === '12'
              ? { editable: false, message: 'Published.' }
              : { editable: true, message: null },
        }),
      ),
      http.get('*/api/exams/12/duplicate', () =>
        HttpResponse.json({ data: makeExam({ id: 77, is_published: false }) }),
      ),
    );
    renderApp('/exams/12/edit');
    const user = userEvent.setup();

    await user.click(within(await screen.findByTestId('edit-restriction')).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(window.location.pathname).toBe('/exams/77/edit'));
    expect(await screen.findByText('Exam duplicated')).toBeInTheDocument();
  });

  it("speaks Arabic in MUI's own buttons too (the tags' clear button)", async () => {
    signInAuthor();
    serveLookups();
    renderApp('/exams/create', 'ar');
    const user = userEvent.setup();
    const tags = await screen.findByRole('combobox', { name: 'الوسوم' });
    await user.type(tags, 'قراءة{Enter}');
    expect(screen.getByTitle('مسح')).toBeInTheDocument();
    expect(screen.queryByTitle('Clear')).not.toBeInTheDocument();
  });

  it('refuses to add questions before the exam is saved', async () => {
    signInAuthor();
    serveLookups();
    renderApp('/exams/create');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add from questions bank' }));
    expect(
      await screen.findByText('You have unsaved exam information, please save the exam first.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses to add questions while the saved exam has unsaved changes', async () => {
    signInAuthor();
    serveLookups();
    serveExam();
    renderApp('/exams/12/edit');
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: 'Name (English)' }), ' changed');
    await user.click(screen.getByRole('button', { name: 'Create question' }));
    expect(
      await screen.findByText('You have unsaved exam information, please save the exam first.'),
    ).toBeInTheDocument();
  });
});
