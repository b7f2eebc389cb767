import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/common/permission-catalog';
import { areaPermission, permissionFor } from '../../src/common/permissions';
import type { RosterImport } from '../../src/client/providers/rosterMethods';
import { manage, rosterStaff, schoolStaff } from './roster-support';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { listBody } from './support/resources';
import { recorder, server } from './support/server';

const report = (overrides: Partial<RosterImport> = {}): RosterImport => ({
  id: 41,
  status: 'dry_run',
  file_name: 'students.csv',
  format: 'csv',
  encoding: 'windows-1256',
  summary: { create: 3, update: 1, unchanged: 0, errors: 0, incomplete: 0, skipped: 0, new_classes: 0 },
  grade_codes: [],
  school_years: [],
  progress: 0,
  total: 4,
  error: null,
  rows: [],
  result_url: '/api/roster/imports/41/result',
  ...overrides,
});

const csv = () => new File(['Student number\nS-1\n'], 'students.csv', { type: 'text/csv' });

describe('the roster page', () => {
  it('leads school staff, who do not see System settings, to their students and their schools', async () => {
    signIn(
      makeUser([...manage(AREAS.rosters), areaPermission('students', 'view'), areaPermission('schools', 'view')], {
        roles: [schoolStaff],
      }),
    );
    renderApp('/settings/roster');
    expect(await screen.findByRole('link', { name: 'Students' })).toHaveAttribute('href', '/settings/students');
    expect(screen.getByRole('link', { name: 'Schools and classes' })).toHaveAttribute('href', '/settings/schools');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toHaveTextContent('Roster');
  });

  it('checks a file, shows its problems by row and column, and keeps Import asleep while rows are in error', async () => {
    signIn(rosterStaff());
    server.use(
      http.post('*/api/roster/imports', () =>
        HttpResponse.json({
          data: report({
            summary: { create: 1, update: 0, unchanged: 0, errors: 2, incomplete: 0, skipped: 0, new_classes: 0 },
            rows: [
              { row: 3, status: 'error', errors: { class: ['The school has no class named "9Z" in this grade'] } },
              { row: 2, status: 'error', errors: { gender: ['"x" is not a gender: write male or female'] } },
            ],
          }),
        }),
      ),
    );
    renderApp('/settings/roster');
    const user = userEvent.setup();
    const upload = await screen.findByRole('region', { name: 'Import a file' });
    const importButton = within(upload).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    expect(within(upload).getByRole('button', { name: 'Check the file (dry run)' })).toBeDisabled();

    await user.upload(screen.getByTestId('roster-file'), csv());
    expect(within(upload).getByText('students.csv')).toBeInTheDocument();
    await user.click(within(upload).getByRole('button', { name: 'Check the file (dry run)' }));

    const found = await screen.findByTestId('roster-report');
    expect(within(found).getByText('Windows-1256')).toBeInTheDocument();
    expect(within(found).getByText('CSV')).toBeInTheDocument();
    expect(within(found).getByText('Rows in error').nextSibling).toHaveTextContent('2');
    const rows = within(found).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2GenderError"x" is not a gender: write male or female',
      '3ClassErrorThe school has no class named "9Z" in this grade',
    ]);
    expect(within(found).getByText(/Correct the rows in error/)).toBeInTheDocument();
    expect(importButton).toBeDisabled();
  });

  it('shows what rows leave out as to complete, counts them, and lets the file be imported all the same', async () => {
    signIn(rosterStaff());
    const missing = 'Not in the file: the student is imported and listed as incomplete until it is filled in';
    server.use(
      http.post('*/api/roster/imports', () =>
        HttpResponse.json({
          data: report({
            format: 'oneroster',
            encoding: 'utf-8',
            summary: { create: 2, update: 0, unchanged: 0, errors: 0, incomplete: 2, skipped: 0, new_classes: 0 },
            grade_codes: [
              { code: '04', grade: 'Grade 4' },
              { code: 'KG', grade: 'Kindergarten' },
            ],
            school_years: [{ title: '2024-2025', start: '2024-08-25', end: '2025-06-30', ended: true }],
            rows: [
              { row: 2, status: 'create', errors: {}, warnings: { gender: [missing], nationality: [missing] } },
              { row: 3, status: 'create', errors: {}, warnings: { name_ar: [missing] } },
            ],
          }),
        }),
      ),
    );
    renderApp('/settings/roster');
    const user = userEvent.setup();
    const upload = await screen.findByRole('region', { name: 'Import a file' });
    await user.upload(screen.getByTestId('roster-file'), csv());
    await user.click(within(upload).getByRole('button', { name: 'Check the file (dry run)' }));

    const found = await screen.findByTestId('roster-report');
    expect(within(found).getByText('Incomplete (imported all the same)').nextSibling).toHaveTextContent('2');
    // The grade codes the file used, each with the grade it was read as.
    expect(within(found).getByText('Grade codes').nextSibling).toHaveTextContent('04 is Grade 4 · KG is Kindergarten');
    // The file's school year (academicSessions.csv), and a word that it has ended (issue 40).
    expect(within(found).getByText('School year').nextSibling).toHaveTextContent('2024-2025');
    expect(within(found).getByTestId('roster-year-ended')).toHaveTextContent(
      'The file is for the school year 2024-2025, which ended on Jun 30, 2025: check that it is this year’s roster before importing it.',
    );
    expect(within(found).getByText(/filter the students by “Complete”/)).toBeInTheDocument();
    expect(within(found).queryByText(/Correct the rows in error/)).toBeNull();
    const rows = within(found).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `2GenderTo complete${missing}`,
      `2NationalityTo complete${missing}`,
      `3Name (Arabic)To complete${missing}`,
    ]);
    expect(within(upload).getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('imports a clean file after its dry run: mode before file, then a progress bar until done', async () => {
    signIn(rosterStaff());
    const uploads = recorder();
    let polls = 0;
    server.use(
      http.post('*/api/roster/imports', async ({ request }) => {
        uploads.record(request);
        const form = await request.formData();
        return form.get('mode') === 'dry_run'
          ? HttpResponse.json({ data: report() })
          : HttpResponse.json({ data: report({ id: 42, status: 'queued' }) }, { status: 202 });
      }),
      http.get('*/api/roster/imports/42', () => {
        polls += 1;
        return HttpResponse.json({
          data:
            polls < 2
              ? report({ id: 42, status: 'running', progress: 2 })
              : report({ id: 42, status: 'done', progress: 4 }),
        });
      }),
    );
    renderApp('/settings/roster', 'ar');
    const user = userEvent.setup();
    const upload = await screen.findByRole('region', { name: 'استيراد ملف' });
    await user.upload(screen.getByTestId('roster-file'), csv());
    await user.click(within(upload).getByRole('button', { name: 'افحص الملف (فحص تجريبي)' }));
    await within(upload).findByText('لا مشكلات: يمكن استيراد الملف.');
    const importButton = within(upload).getByRole('button', { name: 'استيراد' });
    await waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);

    const job = await screen.findByTestId('roster-import');
    const bar = within(job).getByRole('progressbar', { name: 'جارٍ الاستيراد…' });
    expect(bar).toHaveAttribute('aria-valuenow');
    expect(within(upload).getByRole('button', { name: 'اختر ملفًا' })).toBeDisabled();
    await waitFor(() => expect(job).toHaveAttribute('data-status', 'done'), { timeout: 5000 });
    expect(within(job).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(job).getByText('أُنشئ')).toBeInTheDocument();
    expect(within(job).getByRole('button', { name: 'تنزيل ملف النتيجة' })).toBeInTheDocument();
    expect(within(upload).getByRole('button', { name: 'اختر ملفًا' })).toBeEnabled();

    expect(uploads.requests).toHaveLength(2);
    for (const [index, mode] of ['dry_run', 'import'].entries()) {
      const body = await uploads.requests[index].text();
      expect(body.indexOf('name="mode"')).toBeLessThan(body.indexOf('name="file"'));
      expect(body).toContain(mode);
      expect(body).toMatch(/name="create_classes"\r\n\r\nfalse/);
    }
    // Without the right to make classes, the choice is not offered.
    expect(screen.queryByRole('checkbox', { name: /أنشئ الشُّعب/ })).toBeNull();
  });

  it('offers to make the classes the file names, sends it before the file, and shows each class it makes', async () => {
    signIn(
      makeUser([...manage(AREAS.rosters), ...manage('school-classes')], {
        roles: [schoolStaff],
      }),
    );
    const uploads = recorder();
    server.use(
      http.post('*/api/roster/imports', ({ request }) => {
        uploads.record(request);
        return HttpResponse.json({
          data: report({
            summary: { create: 1, update: 0, unchanged: 0, errors: 0, incomplete: 0, skipped: 0, new_classes: 1 },
            rows: [
              {
                row: 2,
                status: 'create',
                errors: {},
                warnings: { class: ['The school has no class "5B" in this grade: the import makes it'] },
              },
            ],
          }),
        });
      }),
    );
    renderApp('/settings/roster');
    const user = userEvent.setup();
    const upload = await screen.findByRole('region', { name: 'Import a file' });
    await user.click(within(upload).getByRole('checkbox', { name: /Make the classes the file names/ }));
    await user.upload(screen.getByTestId('roster-file'), csv());
    await user.click(within(upload).getByRole('button', { name: 'Check the file (dry run)' }));
    const found = await screen.findByTestId('roster-report');
    expect(within(found).getByText('Classes to make').nextSibling).toHaveTextContent('1');
    expect(within(found).getAllByRole('row')[1].textContent).toBe(
      '2ClassNew classThe school has no class "5B" in this grade: the import makes it',
    );
    const body = await uploads.requests[0].text();
    expect(body).toMatch(/name="create_classes"\r\n\r\ntrue/);
    expect(body.indexOf('name="create_classes"')).toBeLessThan(body.indexOf('name="file"'));
  });

  it('shows why a whole file is refused', async () => {
    signIn(rosterStaff());
    server.use(
      http.post('*/api/roster/imports', () =>
        HttpResponse.json(
          { message: 'The file cannot be read', errors: { file: ['The zip file is damaged'] } },
          { status: 422 },
        ),
      ),
    );
    renderApp('/settings/roster');
    const user = userEvent.setup();
    await user.upload(await screen.findByTestId('roster-file'), csv());
    await user.click(screen.getByRole('button', { name: 'Check the file (dry run)' }));
    expect(await screen.findByTestId('roster-refusal')).toHaveTextContent('The zip file is damaged');
    expect(screen.queryByTestId('roster-report')).not.toBeInTheDocument();
  });

  it('offers neither import nor export without their permissions', async () => {
    signIn(makeUser([areaPermission(AREAS.rosters, 'view')], { roles: [schoolStaff] }));
    renderApp('/settings/roster');
    expect(await screen.findByRole('region', { name: 'Template' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV template' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Import a file' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Export' })).not.toBeInTheDocument();
  });
});

describe('the academic year rollover (issue 41)', () => {
  const move = {
    class_id: 7,
    school_id: 3,
    name_en: '4A',
    name_ar: 'الرابع أ',
    students: 12,
    target: { class_id: null, name_en: '5A', name_ar: 'الخامس أ' },
    school: { name_en: 'Noor', name_ar: 'النور' },
    grade: { name_en: 'Grade 4', name_ar: 'الصف الرابع' },
    next_grade: { name_en: 'Grade 5', name_ar: 'الصف الخامس' },
  };
  const leaving = {
    ...move,
    class_id: 9,
    name_en: '6A',
    name_ar: 'السادس أ',
    students: 8,
    target: null,
    grade: { name_en: 'Grade 6', name_ar: 'الصف السادس' },
    next_grade: null,
  };
  const summary = { classes: 2, promoted: 12, leaving: 8, classes_to_create: 1 };

  it('previews class by class, asks before rolling over, and rolls over again only on purpose', async () => {
    signIn(rosterStaff());
    const calls = recorder();
    let applied = 0;
    server.use(
      http.get('*/api/schools', () => HttpResponse.json(listBody([{ id: 3, name_en: 'Noor', name_ar: 'النور' }]))),
      http.post('*/api/roster/rollover', async ({ request }) => {
        calls.record(request);
        const body = (await request.clone().json()) as { apply: boolean; again: boolean; school_id?: number };
        if (!body.apply) return HttpResponse.json({ data: { applied: false, summary, classes: [move, leaving] } });
        applied += 1;
        if (!body.again)
          return HttpResponse.json(
            { message: 'مدرسة النور نُقلت إلى العام الجديد في 2026-09-01: أكّد لتنقلها مرة أخرى' },
            { status: 418 },
          );
        return HttpResponse.json({
          data: { applied: true, summary: { ...summary, promoted: 12, left: 8, classes_created: 1 }, classes: [] },
        });
      }),
    );
    renderApp('/settings/roster', 'ar');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'الانتقال إلى العام الدراسي الجديد' });
    await user.click(within(section).getByRole('combobox', { name: 'المدارس' }));
    await user.click(await screen.findByRole('option', { name: 'النور' }));
    await user.click(within(section).getByRole('button', { name: 'معاينة الانتقال' }));

    const table = await within(section).findByRole('table', { name: 'ما يفعله الانتقال، شعبةً شعبة' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'النورالرابع أ (الصف الرابع)12الخامس أ (الصف الخامس) شعبة جديدة',
      'النورالسادس أ (الصف السادس)8يغادرون المدرسة (تُعطَّل حساباتهم)',
    ]);
    expect(within(section).getByText('الطلاب المغادرون').nextSibling).toHaveTextContent('8');
    const previewed = (await calls.requests[0]!.clone().json()) as Record<string, unknown>;
    expect(previewed).toEqual({ apply: false, again: false, school_id: 3 });
    expect(applied).toBe(0);

    // Rolling over asks first, saying how many move up and leave.
    await user.click(within(section).getByRole('button', { name: 'انقل الآن' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('الطلاب المنتقلون إلى الصف التالي: 12. الطلاب المغادرون (تُعطَّل حساباتهم): 8.');
    await user.click(within(confirm).getByRole('button', { name: 'انقل الآن' }));
    // Rolled over lately: the server's refusal, and a deliberate second confirmation.
    const refusal = await within(section).findByRole('alert');
    expect(refusal).toHaveTextContent('نُقلت إلى العام الجديد في 2026-09-01');
    await user.click(within(refusal).getByRole('button', { name: 'انقل مرة أخرى رغم ذلك' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'انقل الآن' }));
    expect(await within(section).findByTestId('rollover-done')).toHaveTextContent(
      'تم الانتقال. الطلاب المنتقلون: 12؛ المغادرون: 8؛ الشعب المُنشأة: 1.',
    );
    expect(await calls.requests[2]!.clone().json()).toEqual({ apply: true, again: true, school_id: 3 });
  });

  it('is not offered to readers who may not edit the roster', async () => {
    signIn(
      makeUser([areaPermission(AREAS.rosters, 'view'), permissionFor(AREAS.rosters, 'create')], {
        roles: [schoolStaff],
      }),
    );
    renderApp('/settings/roster');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Academic year rollover' })).toBeNull();
  });
});
