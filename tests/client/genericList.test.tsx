import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { areaPermission, permissionFor } from '../../src/common/permissions';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { listBody, lookupRecord, servePlatforms } from './support/resources';
import { recorder, server } from './support/server';

const manageSkills = [
  areaPermission('skills', 'view'),
  permissionFor('skills', 'create'),
  permissionFor('skills', 'edit'),
  permissionFor('skills', 'delete'),
];

function serveSkills(byPlatform: Record<string, ReturnType<typeof lookupRecord>[]>) {
  const calls = recorder();
  server.use(
    http.get('*/api/skills', ({ request }) => {
      calls.record(request);
      const platformId = new URL(request.url).searchParams.get('platform_id') ?? '';
      return HttpResponse.json(listBody(byPlatform[platformId] ?? []));
    }),
  );
  return calls;
}

const lastQuery = (calls: ReturnType<typeof recorder>) =>
  new URL(calls.requests.at(-1)?.url ?? 'http://x').searchParams;

describe('generic list of a platform-scoped lookup (skills)', () => {
  it('auto-selects the first platform and lists its records with the schema sort', async () => {
    signIn(makeUser(manageSkills));
    servePlatforms();
    const calls = serveSkills({ 1: [lookupRecord(4, 'Reading', 'القراءة')] });
    renderApp('/settings/exams/skills');

    expect(await screen.findByRole('heading', { name: 'Skills', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Reading')).toBeInTheDocument();
    expect(screen.getByText('القراءة')).toBeInTheDocument();
    const selector = screen.getByTestId('platform-selector');
    expect(within(selector).getByRole('button', { name: 'International Reading Assessment' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(Object.fromEntries(lastQuery(calls))).toEqual({
      page: '1',
      per_page: '15',
      sort: 'id',
      order: 'asc',
      platform_id: '1',
    });
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/settings/exams/skills/create');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/settings/exams/skills/4');
    expect(screen.queryByTestId('read-only')).not.toBeInTheDocument();
    expect(document.title).toBe('Skills | Arabic Benchmark Assessment');
  });

  it('remembers the selected platform per language in session storage', async () => {
    signIn(makeUser(manageSkills));
    const platformCalls = servePlatforms();
    const calls = serveSkills({
      1: [lookupRecord(4, 'Reading', 'القراءة')],
      2: [lookupRecord(9, 'Speaking', 'التحدث', 2)],
    });
    const view = renderApp('/settings/exams/skills');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'International Standards Assessment' }));
    expect(await screen.findByText('Speaking')).toBeInTheDocument();
    expect(lastQuery(calls).get('platform_id')).toBe('2');
    expect(window.sessionStorage.getItem('platforms.en.selected')).toBe('2');
    expect(JSON.parse(window.sessionStorage.getItem('platforms.en') ?? '[]')).toHaveLength(2);

    // Back on the page later: the selection and the cached list are reused, nothing refetched.
    view.unmount();
    renderApp('/settings/exams/skills');
    expect(await screen.findByText('Speaking')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'International Standards Assessment' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(platformCalls.count).toBe(1);
  });

  it('keeps a separate platform cache for each language, naming the platforms in Arabic there', async () => {
    window.sessionStorage.setItem('platforms.en.selected', '2');
    signIn(makeUser(manageSkills));
    const platformCalls = servePlatforms();
    const calls = serveSkills({ 1: [lookupRecord(4, 'Reading', 'القراءة')] });
    const view = renderApp('/settings/exams/skills', 'ar');

    expect(await screen.findByRole('heading', { name: 'المهارات', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'التقييم الدولي للقراءة' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(lastQuery(calls).get('platform_id')).toBe('1'));
    expect(window.sessionStorage.getItem('platforms.ar.selected')).toBe('1');
    expect(window.sessionStorage.getItem('platforms.en.selected')).toBe('2');
    // From the cache, the names are still Arabic.
    view.unmount();
    renderApp('/settings/exams/skills', 'ar');
    expect(await screen.findByRole('button', { name: 'تقييم المعايير الدولية' })).toBeInTheDocument();
    expect(platformCalls.count).toBe(1);
  });

  it('shows a spinner while the platforms load', async () => {
    signIn(makeUser(manageSkills));
    let answer: () => void = () => undefined;
    server.use(
      http.get('*/api/platforms', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(listBody([]));
      }),
    );
    renderApp('/settings/exams/skills');

    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    answer();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument());
  });

  it('shows the error message when the platforms cannot be fetched', async () => {
    signIn(makeUser(manageSkills));
    server.use(http.get('*/api/platforms', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderApp('/settings/exams/skills');

    expect(await screen.findByTestId('platform-error')).toHaveTextContent('Error fetching data');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says "No data available" when the platform has no records', async () => {
    signIn(makeUser(manageSkills));
    servePlatforms();
    serveSkills({});
    renderApp('/settings/exams/skills');

    expect(await screen.findByTestId('no-data')).toHaveTextContent('No data available');
  });

  it('shows the fetch error in the list and as a toast', async () => {
    signIn(makeUser(manageSkills));
    servePlatforms();
    server.use(http.get('*/api/skills', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderApp('/settings/exams/skills');

    expect(await screen.findByTestId('fetch-error')).toHaveTextContent('Error fetching data');
    expect(await screen.findByText('Error fetching skills')).toBeInTheDocument();
  });

  it('hides Add, edit and delete from a view-only user and says the page is read only', async () => {
    signIn(makeUser([areaPermission('skills', 'view')]));
    servePlatforms();
    serveSkills({ 1: [lookupRecord(4, 'Reading', 'القراءة')] });
    renderApp('/settings/exams/skills');

    expect(await screen.findByText('Reading')).toBeInTheDocument();
    expect(screen.getByTestId('read-only')).toHaveTextContent(
      'This page is read only, please contact the administrator for more information.',
    );
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows the restricted page without the view permission, before fetching anything', async () => {
    signIn(makeUser([areaPermission('exams', 'view')]));
    renderApp('/settings/exams/skills');

    expect(await screen.findByTestId('restricted-page')).toBeInTheDocument();
    expect(screen.queryByTestId('platform-selector')).not.toBeInTheDocument();
  });
});

describe('generic list filters from the declaration (students)', () => {
  it('offers the declared school, class and grade filters and sends the chosen one as filter[...]', async () => {
    signIn(makeUser([areaPermission('students', 'view')]));
    servePlatforms();
    const calls = recorder();
    const named = (id: number, en: string, ar: string) => ({ id, name: en, name_en: en, name_ar: ar });
    server.use(
      http.get('*/api/students', ({ request }) => {
        calls.record(request);
        return HttpResponse.json(listBody([]));
      }),
      http.get('*/api/schools', () => HttpResponse.json(listBody([named(3, 'Al Noor School', 'مدرسة النور')]))),
      http.get('*/api/school-classes', () => HttpResponse.json(listBody([named(5, 'Grade 4 A', 'الرابع أ')]))),
      http.get('*/api/grades', () => HttpResponse.json(listBody([named(7, 'Grade 4', 'الصف الرابع')]))),
    );
    renderApp('/settings/students');
    const user = userEvent.setup();

    expect(await screen.findByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    for (const label of ['School', 'Class', 'Grade'])
      expect(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^School/ }));
    await user.click(await screen.findByRole('option', { name: 'Al Noor School' }));
    await waitFor(() => expect(lastQuery(calls).get('filter[school_id]')).toBe('3'));
  });
});
