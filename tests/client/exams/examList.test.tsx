import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../../src/common/permission-catalog';
import { areaPermission } from '../../../src/common/permissions';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { lastQuery, makeExam, serveExamList, serveLookups, signInAuthor } from './support';

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Opens a row's "More actions" menu by keyboard, as its button is reached with Tab, and returns the menu. */
async function openMoreActions(row: HTMLElement) {
  within(row).getByRole('button', { name: 'More actions' }).focus();
  await userEvent.setup().keyboard('{Enter}');
  return screen.findByRole('menu');
}

describe('exam list', () => {
  it("lists the selected platform's exams and turns every filter and the search into the list query", async () => {
    signInAuthor();
    serveLookups();
    const calls = serveExamList();
    renderApp('/exams');

    expect(await screen.findByRole('heading', { name: 'Exams', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Reading benchmark')).toBeInTheDocument();
    expect(Object.fromEntries(lastQuery(calls))).toEqual({
      page: '1',
      per_page: '15',
      sort: 'id',
      order: 'desc',
      platform_id: '1',
    });

    await choose('Round', 'Round 1');
    await choose('Grade', 'Grade 4');
    await choose('Skills', 'Listening');
    await choose('Exam type', 'Benchmark');
    await choose('Status', 'Published');
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search' }), 'reading');

    await waitFor(() => expect(lastQuery(calls).get('search')).toBe('reading'), { timeout: 3000 });
    expect(Object.fromEntries(lastQuery(calls))).toMatchObject({
      platform_id: '1',
      'filter[round_id]': '41',
      'filter[grade_id]': '11',
      'filter[skill_id]': '32',
      'filter[exam_type_id]': '61',
      'filter[is_published]': 'true',
      search: 'reading',
    });
  });

  it('says so when the platform has no exams', async () => {
    signInAuthor();
    serveLookups();
    serveExamList([]);
    renderApp('/exams');

    expect(await screen.findByTestId('no-exams')).toHaveTextContent('No exams yet');
    expect(screen.getByRole('link', { name: 'Add exam' })).toHaveAttribute('href', '/exams/create');
  });

  it('filters by level on an ISA platform instead of grade', async () => {
    window.sessionStorage.setItem('platforms.en.selected', '2');
    signInAuthor();
    serveLookups();
    serveExamList([
      makeExam({
        platform_id: 2,
        grade: null,
        grade_id: null,
        level_id: 21,
        level: { id: 21, name_en: 'Level A', name_ar: 'المستوى أ' },
      }),
    ]);
    renderApp('/exams');

    expect(await screen.findByRole('combobox', { name: 'Level' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Grade' })).not.toBeInTheDocument();
    expect(await screen.findByText('Level A')).toBeInTheDocument();
  });

  it('shows row actions by permission, localize only for a published exam', async () => {
    signInAuthor([areaPermission(AREAS.exams, 'view'), areaPermission(AREAS.examLocalizations, 'view')]);
    serveExamList([
      makeExam({ id: 1, name_en: 'Draft exam' }),
      makeExam({ id: 2, name_en: 'Live exam', is_published: true }),
    ]);
    renderApp('/exams');

    const draft = (await screen.findByText('Draft exam')).closest('tr')!;
    const live = screen.getByText('Live exam').closest('tr')!;
    const menu = await openMoreActions(live);
    expect(within(menu).getByRole('menuitem', { name: 'Localized exams' })).toHaveAttribute(
      'href',
      '/exams/2/localize',
    );
    for (const name of ['Delete', 'Duplicate', 'Publish', 'Unpublish', 'Preview'])
      expect(within(menu).queryByRole('menuitem', { name })).not.toBeInTheDocument();
    await userEvent.setup().keyboard('{Escape}');
    // Nothing this reader may do applies to the draft: its row has no menu at all.
    expect(within(draft).queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
    for (const name of ['Edit', 'Preview']) expect(within(draft).queryByRole('link', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add exam' })).not.toBeInTheDocument();
  });

  it("downloads a published exam's results by student from its menu, with the reports' download permission (issue 41)", async () => {
    signInAuthor([areaPermission(AREAS.exams, 'view'), areaPermission(AREAS.reports, 'download')]);
    serveExamList([makeExam({ id: 2, name_en: 'Live exam', is_published: true })]);
    const files = recorder();
    server.use(
      http.get('*/api/exams/2/results/export', ({ request }) => {
        files.record(request);
        return new HttpResponse('Student number\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="exam-2-results.csv"' },
        });
      }),
    );
    URL.createObjectURL = () => 'blob:results';
    URL.revokeObjectURL = () => undefined;
    renderApp('/exams');
    const live = (await screen.findByText('Live exam')).closest('tr')!;
    const menu = await openMoreActions(live);
    await userEvent.setup().click(within(menu).getByRole('menuitem', { name: 'Results (Excel)' }));
    await waitFor(() => expect(files.requests).toHaveLength(1));
    expect(Object.fromEntries(new URL(files.requests[0]!.url).searchParams)).toEqual({ format: 'xlsx', lang: 'en' });
  });

  it('offers no results download without the reports download permission', async () => {
    signInAuthor([areaPermission(AREAS.exams, 'view'), areaPermission(AREAS.examLocalizations, 'view')]);
    serveExamList([makeExam({ id: 2, name_en: 'Live exam', is_published: true })]);
    renderApp('/exams');
    const menu = await openMoreActions((await screen.findByText('Live exam')).closest('tr')!);
    expect(within(menu).queryByRole('menuitem', { name: /Results/ })).toBeNull();
  });

  it("publishes the selected exams and reports each exam's outcome", async () => {
    signInAuthor();
    serveLookups();
    serveExamList([
      makeExam({ id: 1, name_en: 'First' }),
      makeExam({ id: 2, name_en: 'Second' }),
      makeExam({ id: 3, name_en: 'Third' }),
    ]);
    const calls = recorder();
    server.use(
      http.post('*/api/exams/bulk/publish', async ({ request }) => {
        calls.record(request);
        return HttpResponse.json({
          data: [
            { id: 1, success: true, status: 200, message: null },
            { id: 2, success: false, status: 418, message: 'An exam without questions cannot be published.' },
            { id: 3, success: true, status: 200, message: null },
          ],
          meta: { succeeded: 2, failed: 1 },
        });
      }),
    );
    renderApp('/exams');
    const user = userEvent.setup();

    await screen.findByText('First');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    const toolbar = document.querySelector<HTMLElement>('[data-test="bulk-actions-toolbar"]')!;
    await user.click(within(toolbar).getByRole('button', { name: 'Publish' }));

    expect(
      await screen.findByText('Exams published: 2. Failed: 1. #2: An exam without questions cannot be published.'),
    ).toBeInTheDocument();
    expect(await calls.requests[0].json()).toEqual({ exam_ids: [1, 2, 3] });
  });

  it('names each row checkbox after its exam, on the input and not on the wrapping span', async () => {
    signInAuthor();
    serveLookups();
    serveExamList([makeExam({ id: 1, name_en: 'First' }), makeExam({ id: 2, name_en: 'Second' })]);
    renderApp('/exams');

    const first = await screen.findByRole('checkbox', { name: 'Select First' });
    expect(first.tagName).toBe('INPUT');
    expect(screen.getByRole('checkbox', { name: 'Select Second' })).toBeInTheDocument();
    for (const span of document.querySelectorAll('.select-item')) expect(span).not.toHaveAttribute('aria-label');
    await userEvent.setup().click(first);
    expect(first).toBeChecked();
    const toolbar = document.querySelector<HTMLElement>('[data-test="bulk-actions-toolbar"]')!;
    expect(await within(toolbar).findByText('1 item selected')).toBeInTheDocument();
  });

  it("shows the business-rule popup with the action, the exam id and the server's message, and closes it", async () => {
    signInAuthor();
    serveLookups();
    serveExamList([makeExam({ id: 12, questions_count: 0 })]);
    server.use(
      http.put('*/api/exams/12/publish', () =>
        HttpResponse.json({ message: 'An exam without questions cannot be published.' }, { status: 418 }),
      ),
    );
    renderApp('/exams');
    const user = userEvent.setup();

    const row = (await screen.findByText('Reading benchmark')).closest('tr')!;
    await user.click(within(await openMoreActions(row)).getByRole('menuitem', { name: 'Publish' }));

    const popup = await screen.findByRole('dialog', { name: 'Publish exam #12' });
    expect(within(popup).getByText('An exam without questions cannot be published.')).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says "Unknown error" when a refusal has no message', async () => {
    signInAuthor();
    serveLookups();
    serveExamList([makeExam({ id: 7, is_published: true })]);
    server.use(http.put('*/api/exams/7/unpublish', () => new HttpResponse(null, { status: 418 })));
    renderApp('/exams');
    const user = userEvent.setup();

    const row = (await screen.findByText('Reading benchmark')).closest('tr')!;
    await user.click(within(await openMoreActions(row)).getByRole('menuitem', { name: 'Unpublish' }));
    const popup = await screen.findByRole('dialog', { name: 'Unpublish exam #7' });
    expect(within(popup).getByText('Unknown error')).toBeInTheDocument();
  });

  it("duplicates an exam with the spec's toast", async () => {
    signInAuthor();
    serveLookups();
    serveExamList();
    server.use(http.get('*/api/exams/12/duplicate', () => HttpResponse.json({ data: makeExam({ id: 13 }) })));
    renderApp('/exams');
    const user = userEvent.setup();

    const row = (await screen.findByText('Reading benchmark')).closest('tr')!;
    await user.click(within(await openMoreActions(row)).getByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findByText('Exam duplicated')).toBeInTheDocument();
  });

  it("deletes after confirmation; a refusal is told in a toast with the server's message", async () => {
    signInAuthor();
    serveLookups();
    serveExamList();
    server.use(
      http.delete('*/api/exams/12', () =>
        HttpResponse.json({ message: 'Students have started this exam, so it cannot be deleted.' }, { status: 418 }),
      ),
    );
    renderApp('/exams');
    const user = userEvent.setup();

    const row = (await screen.findByText('Reading benchmark')).closest('tr')!;
    await user.click(within(await openMoreActions(row)).getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete exam #12' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Students have started this exam, so it cannot be deleted.')).toBeInTheDocument();
  });
});
