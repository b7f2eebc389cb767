import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AREAS, listPermissions } from '../../src/common/permission-catalog';
import { areaPermission, permissionFor, ROLES } from '../../src/common/permissions';
import { adminRole, makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

/** The roles screen (issue 41, mission row 8): each role's permissions as a grid an administrator saves. */
const EXAMS = [
  ...listPermissions(AREAS.exams),
  ...(['create', 'edit', 'delete', 'assign'] as const).map((a) => permissionFor(AREAS.exams, a)),
];
const REPORTS = [
  ...listPermissions(AREAS.reports),
  permissionFor(AREAS.reports, 'generate'),
  areaPermission(AREAS.reports, 'download'),
];
const ROLES_EDIT = permissionFor(AREAS.roles, 'edit');
const ALL = [...EXAMS, ...REPORTS, ...listPermissions(AREAS.roles), ROLES_EDIT];
const numbered = (names: string[]) => names.map((permission, id) => ({ id: id + 1, permission }));
const roles = () => [
  { id: 1, role: ROLES.admin, name: 'Administrator', permissions: numbered(ALL) },
  {
    id: 2,
    role: ROLES.author,
    name: 'Exam author',
    permissions: numbered([...EXAMS, ...listPermissions(AREAS.reports)]),
  },
];

function serve() {
  const saves = recorder();
  server.use(
    http.get('*/api/roles/permissions', () => HttpResponse.json({ data: roles() })),
    http.put('*/api/roles/:id/permissions', async ({ request }) => {
      saves.record(request.clone());
      const body = (await request.json()) as { permissions: string[] };
      return HttpResponse.json({
        message: 'The role’s permissions were saved. Its users have them from their next step.',
        data: { ...roles()[1], permissions: numbered(body.permissions) },
      });
    }),
  );
  return saves;
}

describe('the roles screen', () => {
  it("shows the author's permissions by area and action, and saves a change for the role as a whole", async () => {
    signIn(makeUser([...listPermissions(AREAS.roles), ROLES_EDIT], { roles: [adminRole] }));
    const saves = serve();
    renderApp('/settings/roles');
    const grid = await screen.findByRole('table', { name: 'Permissions of the role Exam author' });
    const cell = (name: string) => within(grid).getByRole('checkbox', { name });
    expect(cell('Add: Exams')).toBeChecked();
    // The administrator's own areas are not offered to another role.
    expect(within(grid).queryByRole('checkbox', { name: 'View: Roles and permissions' })).not.toBeInTheDocument();
    expect(cell('Generate: Reports')).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(cell('Add: Exams'));
    await user.click(cell('Generate: Reports'));
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(
      await screen.findByText('The role’s permissions were saved. Its users have them from their next step.'),
    ).toBeInTheDocument();
    expect(new URL(saves.requests[0].url).pathname).toBe('/api/roles/2/permissions');
    const sent = ((await saves.requests[0].json()) as { permissions: string[] }).permissions;
    expect(sent).not.toContain(permissionFor(AREAS.exams, 'create'));
    expect(sent).toContain(permissionFor(AREAS.reports, 'generate'));
    // Both forms of "view" travel together; nothing else of the role was touched.
    expect(sent).toEqual(expect.arrayContaining(listPermissions(AREAS.exams)));
    expect(sent).toHaveLength(EXAMS.length - 1 + listPermissions(AREAS.reports).length + 1);
  });

  it('shows the administrator role without a way to change it, and no Save to those who may only read', async () => {
    signIn(makeUser(listPermissions(AREAS.roles), { roles: [adminRole] }));
    serve();
    renderApp('/settings/roles', 'ar');
    const grid = await screen.findByRole('table', { name: 'صلاحيات دور Exam author' });
    expect(
      within(grid)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).disabled),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'حفظ الصلاحيات' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'الدور' }));
    await user.click(await screen.findByRole('option', { name: 'Administrator' }));
    expect(await screen.findByText('لمسؤول النظام جميع الصلاحيات، ولا يمكن تغييرها.')).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
  });
});
