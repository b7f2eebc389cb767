import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { areaPermission, permissionFor, ROLES } from '../../src/common/permissions';
import { adminRole, makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

const examsView = areaPermission('exams', 'view');

async function openMenu(testId: string) {
  await userEvent.setup().click(await screen.findByTestId(testId));
  return screen.findByRole('menu');
}

describe('header', () => {
  it('shows the Exams link with its permission and hides Questions bank without one', async () => {
    signIn(makeUser([examsView]));
    renderApp('/exams');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Exams' })).toHaveAttribute('href', '/exams');
    expect(within(nav).queryByRole('link', { name: 'Questions bank' })).not.toBeInTheDocument();
    expect(within(nav).queryByTestId('settings-menu')).not.toBeInTheDocument();
    expect(within(nav).queryByTestId('reports-menu')).not.toBeInTheDocument();
  });

  it('hides the Exams link without the permission', async () => {
    signIn(makeUser([areaPermission('questions-bank', 'view')]));
    renderApp('/profile');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Questions bank' })).toHaveAttribute('href', '/questions-bank');
    expect(within(nav).queryByRole('link', { name: 'Exams' })).not.toBeInTheDocument();
  });

  it('shows only the settings a non-admin may see, without system settings', async () => {
    signIn(makeUser([examsView, areaPermission('skills', 'view'), areaPermission('platforms', 'view')]));
    renderApp('/exams');

    const menu = await openMenu('settings-menu');
    expect(within(menu).getByText('Exams settings')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Skills' })).toHaveAttribute('href', '/settings/exams/skills');
    expect(within(menu).queryByRole('menuitem', { name: 'Rounds' })).not.toBeInTheDocument();
    expect(within(menu).queryByText('Questions settings')).not.toBeInTheDocument();
    expect(within(menu).queryByText('System settings')).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Learning platforms' })).not.toBeInTheDocument();
  });

  it('gives admins the system settings, demo requests included', async () => {
    signIn(
      makeUser(
        [
          examsView,
          areaPermission('platforms', 'view'),
          areaPermission('users', 'view'),
          areaPermission('demo-requests', 'view'),
        ],
        {
          roles: [adminRole],
        },
      ),
    );
    renderApp('/exams');

    const menu = await openMenu('settings-menu');
    expect(within(menu).getByText('System settings')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Learning platforms' })).toHaveAttribute(
      'href',
      '/settings/platforms',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Users management' })).toHaveAttribute('href', '/settings/users');
    expect(within(menu).getByRole('menuitem', { name: 'Demo requests' })).toHaveAttribute('href', '/demo-requests');
  });

  it('builds the settings menu from the schema registry, grouped and in alphabetical order', async () => {
    const areas = [
      'skills',
      'rounds',
      'grades',
      'levels',
      'durations',
      'exam-types',
      'cognitive-levels',
      'difficulty-levels',
      'learning-outcomes',
      'depth-of-knowledges',
      'question-types',
      'schools',
      'platforms',
      'users',
      'demo-requests',
    ];
    signIn(makeUser([examsView, ...areas.map((area) => areaPermission(area, 'view'))], { roles: [adminRole] }));
    renderApp('/exams');

    const menu = await openMenu('settings-menu');
    const sections = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(sections).toEqual([
      'Durations',
      'Exam types',
      'Grades',
      'Levels',
      'Rounds',
      'Skills',
      'Cognitive levels',
      'Depth of knowledge',
      'Difficulty levels',
      'Learning outcomes',
      'Question types',
      'Demo requests',
      'Learning platforms',
      'Schools',
      'Users management',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Depth of knowledge' })).toHaveAttribute(
      'href',
      '/settings/questions/depth-of-knowledge',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Exam types' })).toHaveAttribute(
      'href',
      '/settings/exams/exam-types',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Schools' })).toHaveAttribute('href', '/settings/schools');
  });

  it('names the settings links with the Arabic plural of each resource', async () => {
    signIn(makeUser([examsView, areaPermission('skills', 'view'), areaPermission('learning-outcomes', 'view')]));
    renderApp('/exams', 'ar');

    const menu = await openMenu('settings-menu');
    expect(within(menu).getByText('إعدادات الاختبارات')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'المهارات' })).toHaveAttribute('href', '/settings/exams/skills');
    expect(within(menu).getByRole('menuitem', { name: 'نواتج التعلم' })).toHaveAttribute(
      'href',
      '/settings/questions/learning-outcomes',
    );
  });

  it('shows the Reports menu to those who can view schools', async () => {
    signIn(makeUser([permissionFor('schools', 'view')]));
    renderApp('/profile');

    const menu = await openMenu('reports-menu');
    expect(within(menu).getByRole('menuitem', { name: 'Schools list' })).toHaveAttribute('href', '/schools-list');
    expect(within(menu).queryByRole('menuitem', { name: 'All reports' })).not.toBeInTheDocument();
  });

  it('shows name, role names and email in the user menu, and logs out after confirmation', async () => {
    signIn(makeUser([examsView], { roles: [adminRole, { name: 'Exam author', role: ROLES.author }] }));
    const logouts = recorder();
    server.use(
      http.post('*/api/logout', ({ request }) => {
        logouts.record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/exams');
    const user = userEvent.setup();
    // Named by the person's name alone: the initials' badge is not read out ("MH Mona Haddad", issue 41).
    expect(await screen.findByTestId('user-menu')).toHaveAccessibleName('Mona Haddad');

    const menu = await openMenu('user-menu');
    const profile = within(menu).getByRole('menuitem', { name: /Mona Haddad/ });
    expect(profile).toHaveAttribute('href', '/profile');
    expect(profile).toHaveTextContent('Administrator and Exam author');
    expect(profile).toHaveTextContent('mona@example.test');

    await user.click(within(menu).getByTestId('logout'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to log out?')).toBeInTheDocument();
    expect(logouts.requests).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(logouts.requests).toHaveLength(1);
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('sets the page title from the route title and the site title', async () => {
    signIn(makeUser([examsView]));
    renderApp('/exams');
    await screen.findByRole('heading', { name: 'Exams', level: 1 });
    // The title is set in an effect that may run after the heading has rendered.
    await waitFor(() => expect(document.title).toBe('Exams | Arabic Benchmark Assessment'));
  });
});
