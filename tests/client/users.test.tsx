import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { areaPermission, permissionFor, ROLES } from '../../src/common/permissions';
import { adminRole, makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { listBody } from './support/resources';
import { recorder, server } from './support/server';
import { formatDateTime } from '../../src/client/format';

const manageUsers = [
  areaPermission('users', 'view'),
  permissionFor('users', 'create'),
  permissionFor('users', 'edit'),
  permissionFor('users', 'delete'),
];
const ROLE_LIST = [
  { id: 1, role: ROLES.admin, name: 'Administrator', permissions: [] },
  { id: 2, role: ROLES.author, name: 'Exam author', permissions: [] },
  { id: 3, role: ROLES.school, name: 'School', permissions: [] },
];
const omar = {
  id: 12,
  name: 'Omar Author',
  email: 'omar@example.test',
  is_active: true,
  roles: [{ id: 2, role: ROLES.author, name: 'Exam author' }],
  created_at: '2025-01-01 10:00:00',
};

function serveUsers() {
  server.use(
    http.get('*/api/users', () => HttpResponse.json(listBody([omar]))),
    http.get('*/api/users/12', () => HttpResponse.json({ data: omar })),
    http.get('*/api/roles/permissions', () => HttpResponse.json({ data: ROLE_LIST })),
    http.get('*/api/users/12/sign-ins', () => HttpResponse.json({ data: [] })),
  );
}

describe('users management', () => {
  // The form's schools (school staff see only theirs) come from the schools list.
  beforeEach(() => {
    server.use(
      http.get('*/api/schools', () =>
        HttpResponse.json(listBody([{ id: 1, name: 'Al Noor', name_en: 'Al Noor', name_ar: 'النور' }])),
      ),
    );
  });

  it('lists users with their translated role chips', async () => {
    signIn(makeUser(manageUsers, { roles: [adminRole] }));
    serveUsers();
    renderApp('/settings/users');

    expect(await screen.findByRole('heading', { name: 'Users Management', level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText('omar@example.test')).closest('tr')!;
    expect(within(row).getByTitle(ROLES.author)).toHaveTextContent('Exam author');
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/settings/users/create');
    expect(screen.queryByTestId('platform-selector')).not.toBeInTheDocument();
  });

  it('keeps users away from non-admins even with the view permission', async () => {
    signIn(makeUser(manageUsers));
    renderApp('/settings/users');
    expect(await screen.findByTestId('restricted-page')).toBeInTheDocument();
  });

  it('checks the form locally, then creates the user and shows a taken email under its field', async () => {
    signIn(makeUser(manageUsers, { roles: [adminRole] }));
    serveUsers();
    const posts = recorder();
    server.use(
      http.post('*/api/users', async ({ request }) => {
        posts.record(request);
        return HttpResponse.json(
          { message: 'The data you sent is not valid.', errors: { email: ['This email is already taken'] } },
          { status: 422 },
        );
      }),
    );
    renderApp('/settings/users/create');
    const user = userEvent.setup();

    // The password rules are told before any refusal.
    const rules = 'At least 8 characters, with a letter and a digit; not a common password.';
    expect(await screen.findByText(rules)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    // Said once, under the password field, not again under the confirmation.
    expect(screen.getAllByText('Password is required')).toHaveLength(1);
    expect(document.querySelector('input[name="password"]')).toHaveAccessibleDescription('Password is required');

    await user.type(screen.getByLabelText(/^Name/), 'Sara Author');
    await user.type(screen.getByLabelText(/^Email/), 'sara@');
    await user.type(screen.getByLabelText(/^Password/), 'Secret@2026');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret@2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'omar@example.test');
    await user.click(screen.getByLabelText(/^Roles/));
    await user.click(await screen.findByRole('option', { name: 'Exam author' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: /^Schools/ }));
    await user.click(await screen.findByRole('option', { name: 'Al Noor' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('This email is already taken')).toBeInTheDocument();
    expect(await posts.requests[0].json()).toEqual({
      name: 'Sara Author',
      email: 'omar@example.test',
      password: 'Secret@2026',
      password_confirmation: 'Secret@2026',
      roles: [ROLES.author],
      is_active: true,
      school_ids: [1],
    });
  });

  it('adds a role through the assign call and shows the updated chips', async () => {
    signIn(makeUser(manageUsers, { roles: [adminRole] }));
    serveUsers();
    const calls = recorder();
    server.use(
      http.post('*/api/users/12/assign/role', async ({ request }) => {
        calls.record(request);
        return HttpResponse.json({
          data: { ...omar, roles: [...omar.roles, { id: 3, role: ROLES.school, name: 'School' }] },
        });
      }),
    );
    renderApp('/settings/users/12');
    const user = userEvent.setup();

    const panel = await screen.findByTestId('role-assignment');
    expect(await within(panel).findByText('Exam author')).toBeInTheDocument();
    await user.click(within(panel).getByLabelText('Role to add'));
    await user.click(await screen.findByRole('option', { name: 'School' }));
    await user.click(within(panel).getByRole('button', { name: 'Add role' }));
    expect(await within(panel).findByText('School')).toBeInTheDocument();
    expect(await screen.findByText('Role added successfully')).toBeInTheDocument();
    expect(await calls.requests[0].json()).toEqual({ role: ROLES.school });
  });

  it('shows the server message when removing a role is refused', async () => {
    signIn(makeUser(manageUsers, { roles: [adminRole] }));
    serveUsers();
    server.use(
      http.post('*/api/users/12/remove/role', () =>
        HttpResponse.json({ message: 'You cannot remove this role.' }, { status: 418 }),
      ),
    );
    renderApp('/settings/users/12');

    const panel = await screen.findByTestId('role-assignment');
    await userEvent.setup().click(await within(panel).findByRole('button', { name: 'Remove the role Exam author' }));
    expect(await screen.findByText('You cannot remove this role.')).toBeInTheDocument();
    expect(within(panel).getByText('Exam author')).toBeInTheDocument();
  });

  it('updates the account fields only and sets a password', async () => {
    signIn(makeUser(manageUsers, { roles: [adminRole] }));
    serveUsers();
    const puts = recorder();
    const passwords = recorder();
    server.use(
      http.put('*/api/users/12', async ({ request }) => {
        puts.record(request);
        return HttpResponse.json({ data: { ...omar, name: 'Omar A.' } });
      }),
      http.put('*/api/users/12/change/password', async ({ request }) => {
        passwords.record(request);
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderApp('/settings/users/12');
    const user = userEvent.setup();

    const passwordForm = await screen.findByTestId('set-password');
    await user.type(within(passwordForm).getByLabelText(/^Password/), 'Fresh@2026');
    await user.type(within(passwordForm).getByLabelText(/^Confirm password/), 'Fresh@2026');
    await user.click(within(passwordForm).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(await passwords.requests[0].json()).toEqual({ password: 'Fresh@2026', password_confirmation: 'Fresh@2026' });

    const name = await screen.findByDisplayValue('Omar Author');
    await user.clear(name);
    await user.type(name, 'Omar A.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/settings/users'));
    expect(await puts.requests[0].json()).toEqual({
      name: 'Omar A.',
      email: 'omar@example.test',
      is_active: true,
      school_ids: [],
    });
  });

  it("shows the user's linked sign-ins in Arabic and unlinks one after a confirmation", async () => {
    signIn(makeUser(manageUsers, { roles: [adminRole] }));
    serveUsers();
    let links = [
      {
        kind: 'lti',
        id: 4,
        provider: 'مودل المدرسة',
        subject: 'moodle-teacher-2',
        created_at: '2026-05-02T08:00:00.000Z',
        last_used_at: null,
      },
      {
        kind: 'sso',
        id: 9,
        provider: 'هوية الوزارة',
        subject: 'entra-7f3a',
        created_at: '2026-05-01T08:00:00.000Z',
        last_used_at: '2026-05-03T07:30:00.000Z',
      },
    ];
    const unlinks = recorder();
    server.use(
      http.get('*/api/users/12/sign-ins', () => HttpResponse.json({ data: links })),
      http.delete('*/api/users/12/sign-ins/lti/4', ({ request }) => {
        unlinks.record(request);
        links = links.filter((link) => link.id !== 4);
        return HttpResponse.json({ message: 'فُصل تسجيل الدخول.' });
      }),
    );
    renderApp('/settings/users/12', 'ar');
    const user = userEvent.setup();

    const panel = await screen.findByTestId('linked-sign-ins');
    const table = await within(panel).findByRole('table', { name: 'تسجيلات الدخول المرتبطة' });
    const moodle = within(table).getByText('moodle-teacher-2').closest('tr')!;
    expect(moodle).toHaveTextContent('منصة مقررات (LTI)');
    expect(moodle).toHaveTextContent('لم يُستخدم');
    expect(moodle).toHaveTextContent(formatDateTime('2026-05-02T08:00:00.000Z', 'ar'));
    await user.click(within(moodle).getByRole('button', { name: 'فصل مودل المدرسة' }));
    const dialog = await screen.findByRole('dialog', { name: 'فصل تسجيل الدخول هذا؟' });
    expect(dialog).toHaveTextContent('لن يُدخل مودل المدرسة هذا المستخدم');
    await user.click(within(dialog).getByRole('button', { name: 'فصل' }));

    expect(await screen.findByText('فُصل تسجيل الدخول.')).toBeInTheDocument();
    expect(unlinks.requests).toHaveLength(1);
    await waitFor(() => expect(within(panel).queryByText('moodle-teacher-2')).not.toBeInTheDocument());
    expect(within(panel).getByText('entra-7f3a')).toBeInTheDocument();
  });
});
