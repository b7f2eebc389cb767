import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { areaPermission, permissionFor } from '../../src/common/permissions';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { listBody, servePlatforms } from './support/resources';
import { recorder, server } from './support/server';

describe('routes', () => {
  it('shows Page Not Found for an unknown path when signed out', async () => {
    renderApp('/no-such-page');

    const page = await screen.findByTestId('not-found-page');
    expect(page).toHaveTextContent('Page Not Found');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(document.title).toBe('Page Not Found | Arabic Benchmark Assessment');
  });

  it('shows Page Not Found inside the signed-in layout', async () => {
    signIn(makeUser([areaPermission('exams', 'view')]));
    renderApp('/settings/exams/no-such-screen');

    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
    expect(await screen.findByTestId('user-menu')).toBeInTheDocument();
  });

  it("keeps the spec's school and report paths for their own screens: /grades is not the grades settings list", async () => {
    signIn(makeUser([areaPermission('grades', 'view'), areaPermission('schools', 'view')]));
    server.use(
      http.get('*/api/schools/7/grades', () =>
        HttpResponse.json({
          data: [],
          meta: { current_page: 1, last_page: 1, per_page: 15, total: 0, next_page: null, previous_page: null },
          breadcrumbs: [
            { label_en: 'Schools', label_ar: 'المدارس', path: '/schools-list' },
            { label_en: 'Al Noor', label_ar: 'النور', path: '/grades?school_id=7' },
          ],
        }),
      ),
    );
    const grades = renderApp('/grades?school_id=7');
    expect(await screen.findByRole('heading', { name: 'Grades: Al Noor', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/grades');
    grades.unmount();
    // The web reports have their own screen, behind its permission: not a settings list.
    const { unmount } = renderApp('/web-reports');
    expect(await screen.findByTestId('restricted-page')).toBeInTheDocument();
    unmount();
  });

  it('sends a user without the exams permission to the restricted page', async () => {
    signIn(makeUser());
    renderApp('/exams');

    const page = await screen.findByTestId('restricted-page');
    expect(page).toHaveTextContent(
      "You don't have permissions to access this page, please contact the administrator for more information.",
    );
    expect(window.location.pathname).toBe('/restricted');
  });

  it('accepts the record-level view permission for the exams list', async () => {
    signIn(makeUser([permissionFor('exams', 'view')]));
    servePlatforms();
    server.use(http.get('*/api/exams', () => HttpResponse.json(listBody([]))));
    renderApp('/exams');

    expect(await screen.findByRole('heading', { name: 'Exams', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No exams yet')).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a protected page to the login page', async () => {
    renderApp('/profile');

    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByText('Please login to continue')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    // One redirect, not a logout loop: the history stops growing.
    const entry = (window.history.state as { idx: number }).idx;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((window.history.state as { idx: number }).idx).toBe(entry);
  });

  it('restricts the demo requests list to those allowed to see it', async () => {
    signIn(makeUser([areaPermission('exams', 'view')]));
    renderApp('/demo-requests');

    expect(await screen.findByTestId('restricted-page')).toBeInTheDocument();
  });

  it("forwards react-admin's own resource paths to the spec routes", async () => {
    signIn(makeUser([areaPermission('depth-of-knowledges', 'view')]));
    server.use(
      http.get('*/api/platforms', () =>
        HttpResponse.json({ data: [{ id: 1, name: 'IRA platform', identifier: 'IRA' }] }),
      ),
      http.get('*/api/depth-of-knowledges', () => HttpResponse.json({ data: [] })),
    );
    renderApp('/depth-of-knowledges');

    await waitFor(() => expect(window.location.pathname).toBe('/settings/questions/depth-of-knowledge'));
    expect(await screen.findByRole('heading', { name: 'Depth of knowledge', level: 1 })).toBeInTheDocument();
  });

  it.each([
    '/exams/x/y',
    '/exams/12/edit/zzz',
    '/settings/zzz',
    '/settings/exams/skills/1/zzz',
    '/generated-reports/abc/zzz',
  ])('shows Page Not Found for the unknown path %s, not a list', async (path) => {
    signIn(
      makeUser([areaPermission('exams', 'view'), areaPermission('skills', 'view'), areaPermission('reports', 'view')]),
    );
    servePlatforms();
    renderApp(path);

    expect(await screen.findByTestId('not-found-page')).toHaveTextContent('Page Not Found');
    expect(window.location.pathname).toBe(path);
  });

  it.each(['/settings/users/create', '/settings/users', '/settings/exams/skills/create'])(
    'shows an author, corrector or school account the restricted page at %s, calls nothing and keeps them signed in',
    async (path) => {
      signIn(makeUser([areaPermission('exams', 'view'), areaPermission('skills', 'view')]));
      const calls = recorder();
      const logouts = recorder();
      server.use(
        http.get('*/api/roles', ({ request }) => {
          calls.record(request);
          return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
        }),
        http.get('*/api/users', ({ request }) => {
          calls.record(request);
          return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
        }),
        http.post('*/api/logout', ({ request }) => {
          logouts.record(request);
          return new HttpResponse(null, { status: 204 });
        }),
      );
      renderApp(path);

      expect(await screen.findByTestId('restricted-page')).toBeInTheDocument();
      expect(window.location.pathname).toBe('/restricted');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(calls.requests).toHaveLength(0);
      expect(logouts.requests).toHaveLength(0);
      expect(window.localStorage.getItem('user')).not.toBeNull();
    },
  );

  it('shows the restricted page to signed-out visitors too', async () => {
    renderApp('/restricted');
    expect(await screen.findByTestId('restricted-page')).toHaveTextContent('Access restricted');
  });

  it('signs out a returning user who lost the platforms permission, with a toast on the login page', async () => {
    const withdrawn = makeUser([areaPermission('exams', 'view')]);
    window.localStorage.setItem('user', JSON.stringify(withdrawn));
    const logouts = recorder();
    server.use(
      http.get('*/api/user', () => HttpResponse.json({ data: { ...withdrawn, permissions: [] } })),
      http.post('*/api/logout', ({ request }) => {
        logouts.record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/exams');

    expect(await screen.findByText("You don't have permissions to access this application.")).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(logouts.requests.length).toBeGreaterThanOrEqual(1);
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
