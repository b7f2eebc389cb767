import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { areaPermission, permissionFor } from '../../src/common/permissions';
import { adminRole, makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { listBody, lookupRecord } from './support/resources';
import { recorder, server } from './support/server';

const manage = (area: string) => [
  areaPermission(area, 'view'),
  permissionFor(area, 'create'),
  permissionFor(area, 'edit'),
  permissionFor(area, 'delete'),
];
const school = {
  id: 3,
  name: 'Al Noor',
  name_en: 'Al Noor',
  name_ar: 'النور',
  created_at: '2025-01-01 10:00:00',
  updated_at: '2025-01-01 10:00:00',
};
const grades = [lookupRecord(30, 'Grade 3', 'الصف الثالث', 1), lookupRecord(41, 'Grade 4', 'الصف الرابع', 2)];
const classA = {
  id: 7,
  name: 'Class A',
  name_en: 'Class A',
  name_ar: 'الشعبة أ',
  school_id: 3,
  school,
  grade_id: 30,
  grade: grades[0],
};

describe('a school and its classes', () => {
  it('lists the classes of the school and adds one with a grade from any platform', async () => {
    signIn(makeUser([...manage('schools'), ...manage('school-classes')], { roles: [adminRole] }));
    const classLists = recorder();
    const posts = recorder();
    server.use(
      http.get('*/api/schools/3', () => HttpResponse.json({ data: school })),
      http.get('*/api/school-classes', ({ request }) => {
        classLists.record(request);
        return HttpResponse.json(
          listBody(
            posts.requests.length
              ? [classA, { ...classA, id: 8, name_en: 'Class B', grade_id: 41, grade: grades[1] }]
              : [classA],
          ),
        );
      }),
      http.get('*/api/grades', ({ request }) => {
        expect(new URL(request.url).searchParams.has('platform_id')).toBe(false);
        return HttpResponse.json(listBody(grades));
      }),
      http.post('*/api/school-classes', async ({ request }) => {
        posts.record(request);
        return HttpResponse.json({ data: { ...classA, id: 8 } }, { status: 201 });
      }),
    );
    renderApp('/settings/schools/3');
    const user = userEvent.setup();

    expect(await screen.findByDisplayValue('Al Noor')).toBeInTheDocument();
    const classes = await screen.findByTestId('children-school-classes');
    expect(within(classes).getByRole('heading', { name: 'Classes' })).toBeInTheDocument();
    expect(await within(classes).findByText('Class A')).toBeInTheDocument();
    expect(within(classes).getByText('Grade 3')).toBeInTheDocument();
    expect(new URL(classLists.requests[0].url).searchParams.get('filter[school_id]')).toBe('3');

    await user.click(within(classes).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Class' });
    expect(within(dialog).queryByLabelText(/School/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Name \(English\)/), 'Class B');
    await user.type(within(dialog).getByLabelText(/Name \(Arabic\)/), 'الشعبة ب');
    await user.click(within(dialog).getByLabelText(/Grade/));
    await user.click(await screen.findByRole('option', { name: 'Grade 4 (International Standards Assessment)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Class created successfully')).toBeInTheDocument();
    expect(await posts.requests[0].json()).toEqual({
      name_en: 'Class B',
      name_ar: 'الشعبة ب',
      grade_id: 41,
      school_id: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(classes).findByText('Class B')).toBeInTheDocument();
  });

  it('shows no classes section to someone who may not see classes', async () => {
    signIn(makeUser(manage('schools')));
    server.use(http.get('*/api/schools/3', () => HttpResponse.json({ data: school })));
    renderApp('/settings/schools/3', 'ar');

    expect(await screen.findByRole('heading', { name: 'تعديل مدرسة', level: 1 })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('النور')).toBeInTheDocument();
    expect(screen.queryByTestId('children-school-classes')).not.toBeInTheDocument();
  });
});
