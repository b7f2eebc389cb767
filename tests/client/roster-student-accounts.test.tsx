import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/common/permission-catalog';
import { areaPermission, permissionFor } from '../../src/common/permissions';
import { manage, schoolStaff } from './roster-support';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { listBody } from './support/resources';
import { setWallTime } from './exams/support';
import { recorder, server } from './support/server';

describe("a student's password reset", () => {
  const student = {
    id: 5,
    student_number: 'S-5',
    name: 'Sara Haddad',
    name_en: 'Sara Haddad',
    name_ar: 'سارة حداد',
    school_id: 3,
    school_class_id: 7,
    grade_id: 30,
    level_id: null,
    gender: 'female',
    nationality: 'JO',
    national_id: null,
    date_of_birth: null,
    is_active: true,
    extra_time_percent: 0,
  };

  it("edits the date of birth with the app's date picker, sent as YYYY-MM-DD (issue 41)", async () => {
    signIn(makeUser(manage('students'), { roles: [schoolStaff] }));
    const saves = recorder();
    server.use(
      http.get('*/api/students/5', () => HttpResponse.json({ data: { ...student, date_of_birth: '2016-03-09' } })),
      ...['schools', 'school-classes', 'grades', 'levels'].map((lookup) =>
        http.get(`*/api/${lookup}`, () => HttpResponse.json(listBody([]))),
      ),
      http.put('*/api/students/5', async ({ request }) => {
        saves.record(request);
        return HttpResponse.json({ data: student });
      }),
    );
    renderApp('/settings/students/5', 'ar');
    // Shown as the stored day, never as a browser's mm/dd/yyyy field.
    const field = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('input[name="date_of_birth"]');
      if (!input) throw new Error('no date of birth yet');
      return input;
    });
    expect(document.querySelector('input[type="date"]')).toBeNull();
    expect(field).toHaveValue('2016-03-09');
    await setWallTime('date_of_birth', '2015-11-30');
    await userEvent.setup().click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(saves.requests).toHaveLength(1));
    expect(await saves.requests[0].json()).toMatchObject({ date_of_birth: '2015-11-30' });
  });

  it('confirms, then shows the username and password once', async () => {
    signIn(makeUser(manage('students'), { roles: [schoolStaff] }));
    const resets = recorder();
    server.use(
      http.get('*/api/students/5', () => HttpResponse.json({ data: student })),
      ...['schools', 'school-classes', 'grades', 'levels'].map((lookup) =>
        http.get(`*/api/${lookup}`, () => HttpResponse.json(listBody([]))),
      ),
      http.post('*/api/students/5/reset-password', ({ request }) => {
        resets.record(request);
        return HttpResponse.json({ data: { username: 's-5', password: 'k7m2p9qa' } });
      }),
    );
    renderApp('/settings/students/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset this student’s password?' });
    expect(resets.requests).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    const shown = await screen.findByRole('dialog', { name: 'New password' });
    expect(within(shown).getByText('s-5')).toBeInTheDocument();
    expect(within(shown).getByText('k7m2p9qa')).toHaveAttribute('dir', 'ltr');
    expect(resets.requests[0].headers.get('x-requested-with')).toBe('XMLHttpRequest');
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('k7m2p9qa')).not.toBeInTheDocument());
  });

  it("shows a student's extra time read-only to staff who may not grant it, and sends it back unchanged", async () => {
    signIn(makeUser(manage('students'), { roles: [schoolStaff] }));
    const accommodated = { ...student, extra_time_percent: 25, extra_time_minutes: 0, extra_time_reason: 'Dyslexia' };
    const puts = recorder();
    server.use(
      http.get('*/api/students/5', () => HttpResponse.json({ data: accommodated })),
      ...['schools', 'school-classes', 'grades', 'levels'].map((lookup) =>
        http.get(`*/api/${lookup}`, () => HttpResponse.json(listBody([]))),
      ),
      http.put('*/api/students/5', async ({ request }) => {
        puts.record(request);
        return HttpResponse.json({ data: accommodated });
      }),
    );
    renderApp('/settings/students/5');
    const user = userEvent.setup();
    const reason = await screen.findByDisplayValue('Dyslexia');
    expect(reason).toHaveAttribute('readonly');
    expect(screen.getByDisplayValue('25')).toHaveAttribute('readonly');
    const name = screen.getByDisplayValue(student.name_en);
    expect(name).not.toHaveAttribute('readonly');
    await user.type(name, ' Jr');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts.requests).toHaveLength(1));
    expect(await puts.requests[0].json()).toMatchObject({
      name_en: `${student.name_en} Jr`,
      extra_time_percent: 25,
      extra_time_reason: 'Dyslexia',
    });
  });

  it('is not offered without the permission to edit students', async () => {
    signIn(
      makeUser(
        [...manage('students')].filter((p) => !p.includes('.edit.')),
        { roles: [schoolStaff] },
      ),
    );
    renderApp('/settings/students/5');
    expect(await screen.findByTestId('no-access')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset password' })).not.toBeInTheDocument();
  });
});

describe("a class's login cards", () => {
  const school = { id: 3, name: 'Al Noor', name_en: 'Al Noor', name_ar: 'النور' };
  const grade = { id: 30, name: 'Grade 3', name_en: 'Grade 3', name_ar: 'الصف الثالث' };
  const classA = { id: 7, name: 'Class A', name_en: 'Class A', name_ar: 'الشعبة أ', school_id: 3, grade_id: 30, grade };

  it("lets school staff, who may not edit their school, open it for its classes and print a class's cards", async () => {
    signIn(
      makeUser(
        [
          areaPermission('schools', 'view'),
          areaPermission('school-classes', 'view'),
          permissionFor('school-classes', 'create'),
          permissionFor('school-classes', 'edit'),
          permissionFor(AREAS.rosters, 'edit'),
        ],
        { roles: [schoolStaff] },
      ),
    );
    const cards = recorder();
    server.use(
      http.get('*/api/schools', () => HttpResponse.json(listBody([school]))),
      http.get('*/api/schools/3', () => HttpResponse.json({ data: school })),
      http.get('*/api/school-classes', () => HttpResponse.json(listBody([classA]))),
      http.get('*/api/school-classes/7/login-cards/preview', () =>
        HttpResponse.json({ data: { students: 10, new: 3, printed: 5, signed_in: 2 } }),
      ),
      http.get('*/api/school-classes/7/login-cards', ({ request }) => {
        cards.record(request);
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="login-cards-7-ar.pdf"',
          },
        });
      }),
    );
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:cards';
    };
    URL.revokeObjectURL = () => undefined;
    renderApp('/settings/schools', 'ar');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'عرض' }));
    expect(await screen.findByRole('heading', { name: 'النور', level: 1 })).toBeInTheDocument();
    const classes = await screen.findByTestId('children-school-classes');
    await within(classes).findByText('الشعبة أ');
    expect(within(classes).getByRole('button', { name: 'إضافة' })).toBeInTheDocument();

    // The dialog says what printing would do, as the server counts it, before anything is printed (issue 41).
    await user.click(within(classes).getByRole('button', { name: 'بطاقات الدخول' }));
    const dialog = await screen.findByRole('dialog', { name: 'بطاقات الدخول — الشعبة أ' });
    const preview = await within(dialog).findByTestId('login-cards-preview');
    await within(preview).findByText('عدد الطلاب النشطين في هذه الشعبة: 10');
    expect(preview).toHaveTextContent('كلمة مرور جديدة على البطاقة: 3');
    expect(preview).toHaveTextContent('بطاقة مطبوعة من قبل لم تُستخدم: 5');
    expect(preview).toHaveTextContent('سجّلوا الدخول من قبل (لا تُطبع كلمة مرورهم أبدًا): 2');
    // Keeping the earlier cards' passwords is the default; replacing them is asked for, and warned of.
    const replace = within(dialog).getByRole('checkbox', { name: /امنحهم أيضًا كلمات مرور جديدة \(5\)/ });
    expect(replace).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'بطاقات الدخول (بالعربية)' }));
    await waitFor(() => expect(cards.requests).toHaveLength(1));
    expect(new URL(cards.requests[0].url).searchParams.get('lang')).toBe('ar');
    expect(new URL(cards.requests[0].url).searchParams.get('replace')).toBe('false');
    await waitFor(() => expect(created).toHaveLength(1));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await within(classes).findByRole('button', { name: 'بطاقات الدخول' }));
    const again = await screen.findByRole('dialog');
    await user.click(await within(again).findByRole('checkbox', { name: /امنحهم أيضًا/ }));
    expect(within(again).getByRole('alert')).toHaveTextContent('ستتوقف البطاقات السابقة (5) عن العمل');
    await user.click(within(again).getByRole('button', { name: 'بطاقات الدخول (بالإنجليزية)' }));
    await waitFor(() => expect(cards.requests).toHaveLength(2));
    expect(new URL(cards.requests[1].url).searchParams.get('replace')).toBe('true');
    expect(new URL(cards.requests[1].url).searchParams.get('lang')).toBe('en');
  });
});
