import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { areaPermission, permissionFor, PLATFORMS_VIEW, ROLES } from '../../src/common/permissions';
import { adminRole, makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

function input(name: string): HTMLInputElement {
  const element = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`no input named ${name}`);
  return element;
}

describe('profile page', () => {
  it('lists the roles and the permissions grouped by area, in words, in a focusable region', async () => {
    const examsView = areaPermission('exams', 'view');
    signIn(
      makeUser(
        [
          examsView,
          permissionFor('exams', 'edit'),
          permissionFor('exams', 'assign'),
          areaPermission('all-schools', 'view'),
          // A combination no screen uses: not listed.
          areaPermission('all-schools', 'download'),
          areaPermission('item-statistics', 'view'),
          permissionFor('web-reports', 'generate'),
        ],
        { roles: [adminRole] },
      ),
    );
    renderApp('/profile');

    const roles = await screen.findByRole('list', { name: 'Roles' });
    expect(within(roles).getByText('Administrator')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Permissions' });
    expect(region).toHaveAttribute('tabindex', '0');
    const rows = [...region.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(rows).toEqual([
      ['All schools', 'View'],
      ['Exams', 'View, Edit, Assign to students'],
      ['Item analysis', 'View'],
      ['Learning Platforms', 'View'],
      ['Web reports', 'Generate'],
    ]);
    expect(region).not.toHaveTextContent(/all-schools|item-statistics|web-reports|Download/);
    // Administrators can show the identifiers too.
    await userEvent.click(screen.getByRole('switch', { name: 'Show permission identifiers' }));
    expect(within(region).getByText(PLATFORMS_VIEW)).toBeInTheDocument();
    expect(within(region).getByText(examsView)).toBeInTheDocument();
    expect(screen.getByText('mona@example.test')).toBeInTheDocument();
    expect(document.title).toBe('Profile | Arabic Benchmark Assessment');
  });

  it('names the roles and permissions in Arabic, with no identifier switch for a non-administrator', async () => {
    signIn(
      makeUser([areaPermission('exams', 'view'), 'com.ltm.permissions.skills.edit.skill'], {
        roles: [{ name: 'Exam author', role: ROLES.author }],
      }),
    );
    renderApp('/profile', 'ar');

    const region = await screen.findByRole('region', { name: 'الصلاحيات' });
    expect(within(screen.getByRole('list', { name: 'الأدوار' })).getByText('معدّ الاختبارات')).toBeInTheDocument();
    const terms = [...region.querySelectorAll('dt')].map(
      (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
    );
    expect(terms).toContain('الاختبارات: عرض');
    expect(terms).toContain('المهارات: تعديل');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('changes the name and shows it in the header', async () => {
    const account = makeUser();
    signIn(account);
    const calls = recorder();
    server.use(
      http.put('*/api/user/change/information', async ({ request }) => {
        calls.record(request);
        const { name } = (await request.json()) as { name: string };
        return HttpResponse.json({ data: { ...account, name } });
      }),
    );
    renderApp('/profile');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Profile', level: 1 });

    await user.clear(input('name'));
    await user.type(input('name'), 'Mona Khalil');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your information has been updated')).toBeInTheDocument();
    expect(await calls.requests[0].json()).toEqual({ name: 'Mona Khalil' });
    expect(calls.requests[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    await waitFor(() => expect(screen.getByTestId('user-menu')).toHaveTextContent('Mona Khalil'));
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').name).toBe('Mona Khalil');
  });

  it('shows a wrong current password under its field and in a toast', async () => {
    signIn(makeUser());
    const calls = recorder();
    server.use(
      http.put('*/api/user/change/password', ({ request }) => {
        calls.record(request);
        return HttpResponse.json(
          {
            message: 'The data you sent is not valid.',
            errors: { current_password: ['The current password is incorrect.'] },
          },
          { status: 422 },
        );
      }),
    );
    renderApp('/profile');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Profile', level: 1 });

    await user.type(input('current_password'), 'not-my-password');
    await user.type(input('password'), 'NewSecret123');
    await user.type(input('password_confirmation'), 'NewSecret123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    // Once under the field, once in the toast.
    await waitFor(() => expect(screen.getAllByText('The current password is incorrect.')).toHaveLength(2));
    expect(input('current_password')).toHaveAttribute('aria-invalid', 'true');
    expect(await calls.requests[0].json()).toEqual({
      current_password: 'not-my-password',
      password: 'NewSecret123',
      password_confirmation: 'NewSecret123',
    });
  });

  it('falls back to "Failed to change password" and checks the confirmation locally', async () => {
    signIn(makeUser());
    server.use(http.put('*/api/user/change/password', () => new HttpResponse(null, { status: 500 })));
    renderApp('/profile');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Profile', level: 1 });

    await user.type(input('current_password'), 'old-secret');
    await user.type(input('password'), 'NewSecret123');
    await user.type(input('password_confirmation'), 'Different123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password confirmation does not match')).toBeInTheDocument();

    await user.clear(input('password_confirmation'));
    await user.type(input('password_confirmation'), 'NewSecret123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
  });

  it('logs out when the session is gone', async () => {
    signIn(makeUser());
    server.use(
      http.put('*/api/user/change/information', () =>
        HttpResponse.json({ message: 'Please sign in to continue.' }, { status: 401 }),
      ),
    );
    renderApp('/profile');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Profile', level: 1 });

    await user.type(input('name'), ' Jr');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
