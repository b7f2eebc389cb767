import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/common/permission-catalog';
import { areaPermission, permissionFor, ROLES } from '../../src/common/permissions';
import type { RetentionPlan } from '../../src/client/providers/privacyMethods';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { listBody } from './support/resources';
import { recorder, server } from './support/server';

/** Issue 45 in the console: a student's data export and erasure on their screen, and the retention dry run. */
const manageStudents = [
  areaPermission('students', 'view'),
  permissionFor('students', 'create'),
  permissionFor('students', 'edit'),
  permissionFor('students', 'delete'),
];
const exportData = areaPermission(AREAS.personalData, 'download');
const eraseData = permissionFor(AREAS.personalData, 'delete');
const schoolStaff = { name: 'School staff', role: ROLES.school };
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

function serveStudent() {
  server.use(
    http.get('*/api/students/5', () => HttpResponse.json({ data: student })),
    ...['schools', 'school-classes', 'grades', 'levels'].map((lookup) =>
      http.get(`*/api/${lookup}`, () => HttpResponse.json(listBody([]))),
    ),
  );
}

describe("a student's personal data on their screen", () => {
  it('is offered to those allowed only: school staff download it, nobody without the permission sees either button', async () => {
    signIn(makeUser(manageStudents, { roles: [schoolStaff] }));
    serveStudent();
    renderApp('/settings/students/5');
    expect(await screen.findByRole('button', { name: 'Reset password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download personal data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).not.toBeInTheDocument();
  });

  it('downloads the ZIP the server makes', async () => {
    signIn(makeUser([...manageStudents, exportData], { roles: [schoolStaff] }));
    serveStudent();
    const downloads = recorder();
    server.use(
      http.get('*/api/students/5/personal-data', ({ request }) => {
        downloads.record(request);
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="personal-data-student-5.zip"',
          },
        });
      }),
    );
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:personal-data';
    };
    URL.revokeObjectURL = () => undefined;
    renderApp('/settings/students/5');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download personal data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(downloads.requests).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).not.toBeInTheDocument();
  });

  it('erases with a reason, showing the refusal of a short one under the field (Arabic)', async () => {
    signIn(makeUser([...manageStudents, exportData, eraseData]));
    serveStudent();
    const erasures = recorder();
    server.use(
      http.post('*/api/students/5/erase', async ({ request }) => {
        erasures.record(request);
        const { reason } = (await request.clone().json()) as { reason: string };
        if (reason.length < 3)
          return HttpResponse.json(
            { message: 'البيانات غير صالحة.', errors: { reason: ['يجب ألا يقل السبب عن 3 أحرف.'] } },
            { status: 422 },
          );
        return HttpResponse.json({
          data: { student_id: 5, recordings: 2, reports: 1, reports_remade: 3, audit_rows: 7, files_left: 0 },
        });
      }),
    );
    renderApp('/settings/students/5', 'ar');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'محو البيانات الشخصية' }));
    const dialog = await screen.findByRole('dialog', { name: 'محو البيانات الشخصية لهذا الطالب' });
    // Nothing is sent until the erasure is confirmed.
    expect(erasures.requests).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /السبب/ }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'امحُ نهائيًا' }));
    expect(await within(dialog).findByText('يجب ألا يقل السبب عن 3 أحرف.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /السبب/ }), ' طلب وليّ الأمر');
    await user.click(within(dialog).getByRole('button', { name: 'امحُ نهائيًا' }));
    expect(
      await screen.findByText(
        'تمّ المحو: حُذف 2 من التسجيلات و1 من التقارير، وأُخفيت الهوية في 7 من قيود التدقيق، ويُعاد إعداد 3 من التقارير الجماعية دون الاسم.',
      ),
    ).toBeInTheDocument();
    expect(await erasures.requests[1].json()).toEqual({ reason: 'x طلب وليّ الأمر' });
    expect(erasures.requests[1].headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });
});

describe('the retention dry run', () => {
  const plan: RetentionPlan = {
    settings: { recordings_days: 30, leavers_years: 0 },
    recordings: [
      {
        media_id: 9,
        student_id: 5,
        student_number: 'S-5',
        school_id: 3,
        school_en: 'Al Noor School',
        school_ar: 'مدرسة النور',
        exam_id: 12,
        exam_en: 'Speaking, round 1',
        exam_ar: 'المحادثة، الجولة الأولى',
        released_at: '2026-04-01T08:00:00.000Z',
      },
    ],
    leavers: [],
  };

  it('states the rules and lists what the job would delete, in Arabic', async () => {
    signIn(makeUser([areaPermission(AREAS.personalData, 'view')]));
    server.use(http.get('*/api/privacy/retention', () => HttpResponse.json({ data: plan })));
    renderApp('/settings/privacy', 'ar');
    expect(await screen.findByText('تُحفظ التسجيلات 30 يومًا بعد إعلان نتائجها.')).toBeInTheDocument();
    expect(screen.getByText('يُحفظ الطلاب الذين غادروا: لا قاعدة مضبوطة.')).toBeInTheDocument();
    const recordings = screen.getByRole('region', { name: 'التسجيلات التي ستحذفها المهمة (1)' });
    const [, row] = within(recordings).getAllByRole('row');
    expect(within(row).getByText('مدرسة النور')).toBeInTheDocument();
    expect(within(row).getByText('المحادثة، الجولة الأولى')).toBeInTheDocument();
    expect(within(row).getByText('S-5')).toHaveAttribute('dir', 'ltr');
    const leavers = screen.getByRole('region', { name: 'الطلاب الذين ستمحوهم المهمة (0)' });
    expect(within(leavers).getByText('لا شيء مستحق.')).toBeInTheDocument();
  });
});
