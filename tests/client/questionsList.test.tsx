import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { areaPermission } from '../../src/common/permissions';
import { bankPermissions, questionRecord, serveLookups } from './questions-support';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { listBody, servePlatforms } from './support/resources';
import { recorder, server } from './support/server';

function serveBank(
  records = [
    questionRecord(),
    questionRecord({
      id: 13,
      text: '<p>Write about <span style="color: #c62828">spring</span></p>',
      answer_type: 'essay',
      mark: 5,
    }),
  ],
) {
  const calls = recorder();
  server.use(
    http.get('*/api/questions-bank', ({ request }) => {
      calls.record(request);
      return HttpResponse.json(listBody(records));
    }),
  );
  return calls;
}

const lastQuery = (calls: ReturnType<typeof recorder>) =>
  new URL(calls.requests.at(-1)?.url ?? 'http://x').searchParams;

async function pick(label: RegExp, option: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('questions bank list', () => {
  it('lists the selected platform’s questions with their columns and actions', async () => {
    signIn(makeUser(bankPermissions('create', 'edit', 'delete')));
    servePlatforms();
    serveLookups();
    const calls = serveBank();
    renderApp('/questions-bank');

    expect(await screen.findByRole('heading', { name: 'Questions bank', level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText('Which city is the capital of Egypt?')).closest('tr')!;
    expect(within(row).getByText('Single choice')).toBeInTheDocument();
    expect(within(row).getByText('Reading')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    // Text is a plain excerpt: stored markup is never rendered in the list.
    expect(row.querySelector('strong')).toBeNull();
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/questions-bank/12/edit');
    expect(within(row).getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/questions-bank/12/preview');
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/questions-bank/create');
    expect(Object.fromEntries(lastQuery(calls))).toEqual({
      page: '1',
      per_page: '15',
      sort: 'id',
      order: 'desc',
      platform_id: '1',
    });
    expect(document.title).toBe('Questions bank | Arabic Benchmark Assessment');
  });

  it('filters by answer type, question type, skill, difficulty and learning outcome, and searches', async () => {
    signIn(makeUser(bankPermissions()));
    servePlatforms();
    const lookups = serveLookups();
    const calls = serveBank();
    renderApp('/questions-bank');
    await screen.findByText('Which city is the capital of Egypt?');
    // Every lookup filter offers the selected platform's records only.
    expect(lookups.requests.every((request) => new URL(request.url).searchParams.get('platform_id') === '1')).toBe(
      true,
    );

    await pick(/^Answer type/, 'Essay');
    await waitFor(() => expect(lastQuery(calls).get('filter[answer_type]')).toBe('essay'));
    await pick(/^Skill/, 'Reading');
    await waitFor(() => expect(lastQuery(calls).get('filter[skill_id]')).toBe('4'));
    await pick(/^Question type/, 'Comprehension');
    await pick(/^Difficulty level/, 'Easy');
    await pick(/^Learning outcome/, 'Finds the main idea');
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search' }), 'capital');
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(calls))).toMatchObject({
        search: 'capital',
        'filter[answer_type]': 'essay',
        'filter[skill_id]': '4',
        'filter[question_type_id]': '3',
        'filter[difficulty_level_id]': '5',
        'filter[learning_outcome_id]': '7',
        platform_id: '1',
      }),
    );
  });

  it('lists another platform’s questions when the platform changes', async () => {
    signIn(makeUser(bankPermissions()));
    servePlatforms();
    serveLookups();
    const calls = serveBank();
    renderApp('/questions-bank');
    await screen.findByText('Which city is the capital of Egypt?');
    await userEvent.setup().click(screen.getByRole('button', { name: 'International Standards Assessment' }));
    await waitFor(() => expect(lastQuery(calls).get('platform_id')).toBe('2'));
  });

  it('shows a viewer only the preview', async () => {
    signIn(makeUser([areaPermission('questions-bank', 'view')]));
    servePlatforms();
    serveLookups();
    serveBank();
    renderApp('/questions-bank');
    const row = (await screen.findByText('Which city is the capital of Egypt?')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Preview' })).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
  });

  it('sends someone who may not see the bank to the restricted page', async () => {
    signIn(makeUser([areaPermission('exams', 'view')]));
    renderApp('/questions-bank');
    expect(
      await screen.findByText(
        "You don't have permissions to access this page, please contact the administrator for more information.",
      ),
    ).toBeInTheDocument();
  });

  it('deletes a question after confirmation, on the selected platform', async () => {
    signIn(makeUser(bankPermissions('delete')));
    servePlatforms();
    serveLookups();
    serveBank();
    const deletions = recorder();
    server.use(
      http.delete('*/api/questions-bank/:id', ({ request }) => {
        deletions.record(request);
        return HttpResponse.json({ data: questionRecord() });
      }),
    );
    renderApp('/questions-bank');
    const user = userEvent.setup();
    const row = (await screen.findByText('Which city is the capital of Egypt?')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete question #12?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Question deleted successfully')).toBeInTheDocument();
    expect(new URL(deletions.requests[0].url).pathname).toBe('/api/questions-bank/12');
    expect(new URL(deletions.requests[0].url).searchParams.get('platform_id')).toBe('1');
  });

  it('says when the questions cannot be fetched, in Arabic too', async () => {
    signIn(makeUser(bankPermissions()));
    servePlatforms();
    serveLookups();
    server.use(http.get('*/api/questions-bank', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderApp('/questions-bank', 'ar');
    expect(await screen.findByText('حدث خطأ أثناء جلب الأسئلة')).toBeInTheDocument();
    expect(screen.getByTestId('fetch-error')).toHaveTextContent('خطأ');
  });
});
