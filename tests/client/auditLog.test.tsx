import { catalogs } from '../../locales';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AuditLogRecord } from '../../src/common/contracts/index';
import { AREAS, listPermissions } from '../../src/common/permission-catalog';
import { areaPermission, permissionFor, ROLES } from '../../src/common/permissions';
import { formatDateTime, formatNumber } from '../../src/client/format';
import { adminRole, makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { listBody } from './support/resources';
import { setWallTime } from './exams/support';
import { recorder, server } from './support/server';

const school = { id: 3, name: 'Al Noor School', name_en: 'Al Noor School', name_ar: 'مدرسة النور' };
const entries: AuditLogRecord[] = [
  {
    id: 41,
    at: '2026-06-05T09:30:00.000Z',
    actor: { id: 5, name: 'Huda Saleh', email: 'huda@example.test' },
    address: '10.0.0.8',
    action: 'exams.publish',
    target: 'exams/12',
    target_type: 'exams',
    school: null,
    summary: { name_en: 'Reading', before: { is_published: false }, after: { is_published: true } },
    about: { exam: { id: 12, name_en: 'Reading', name_ar: 'القراءة' }, student: null },
    reason: null,
    request_id: 'r-41',
  },
  {
    id: 40,
    at: '2026-06-04T07:00:00.000Z',
    actor: null,
    address: null,
    action: 'exam_day.pause',
    target: 'exam_attempts/88',
    target_type: 'exam_attempts',
    school,
    summary: {
      exam_id: 12,
      student_id: 7,
      attempt_id: 88,
      minutes: 5,
      before: { deadline_at: '2026-06-04T07:30:00.000Z' },
      after: { deadline_at: '2026-06-04T07:35:00.000Z' },
    },
    about: { exam: null, student: { id: 7, name_en: 'Omar Khalil', name_ar: 'عمر خليل' } },
    reason: 'Power cut',
    request_id: null,
  },
];

function serve() {
  const lists = recorder();
  const exports = recorder();
  server.use(
    http.get('*/api/audit-log', ({ request }) => {
      lists.record(request);
      return HttpResponse.json(listBody(entries));
    }),
    http.get('*/api/audit-log/actions', () =>
      HttpResponse.json({
        data: { actions: ['exam_day.pause', 'exams.publish'], target_types: ['exam_attempts', 'exams'] },
      }),
    ),
    http.get('*/api/audit-log/export', ({ request }) => {
      exports.record(request);
      return new HttpResponse('\uFEFFid\r\n41\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="audit-log.csv"',
        },
      });
    }),
    http.get('*/api/users', () =>
      HttpResponse.json(listBody([{ id: 5, name: 'Huda Saleh', email: 'huda@example.test', roles: [] }])),
    ),
    http.get('*/api/schools', () => HttpResponse.json(listBody([school]))),
  );
  return { lists, exports };
}

const lastQuery = (calls: { requests: Request[] }) => new URL(calls.requests.at(-1)?.url ?? 'http://x/').searchParams;
const admin = () =>
  makeUser([...listPermissions(AREAS.auditLog), areaPermission(AREAS.auditLog, 'download')], { roles: [adminRole] });

describe('the audit log screen', () => {
  it('shows the entries in Arabic, right to left: time in the console’s language, actions and targets in words, the school’s Arabic name', async () => {
    signIn(admin());
    const { lists } = serve();
    renderApp('/settings/audit-log', 'ar');

    expect(await screen.findByRole('heading', { name: 'سجل التدقيق', level: 1 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    const [first, second] = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(first.slice(0, 6)).toEqual([
      formatDateTime(entries[0].at, 'ar'),
      'Huda Salehhuda@example.test',
      'نشر اختبار',
      `الاختبارات ${formatNumber(12, 'ar')}`,
      '',
      '',
    ]);
    // The actor's e-mail as it was, under the name, left to right in the Arabic page.
    const email = within(rows[0]).getByText('huda@example.test');
    expect(email).toHaveAttribute('dir', 'ltr');
    // The summary as a sentence in Arabic: whom it is about, then each change as before ← after, in
    // words, with no raw JSON or database id (issue 41).
    expect(first[6]).toBe('القراءة؛ منشور: لا ← نعم؛ الاسم بالإنجليزية: Reading');
    expect(second[6]).toBe(
      `عمر خليل؛ الموعد النهائي: ${formatDateTime('2026-06-04T07:30:00.000Z', 'ar')} ← ${formatDateTime('2026-06-04T07:35:00.000Z', 'ar')}؛ الدقائق: ${formatNumber(5, 'ar')}`,
    );
    expect(second[6]).not.toMatch(/88|_id|\{/);
    // Digits as the console writes them in Arabic. An action the catalog does not name yet is shown
    // as it is; the system acts with no name.
    expect(second.slice(1, 6)).toEqual([
      'النظام',
      'exam_day.pause',
      `محاولات الاختبار ${formatNumber(88, 'ar')}`,
      'مدرسة النور',
      'Power cut',
    ]);
    expect(Object.fromEntries(lastQuery(lists))).toEqual({ page: '1', per_page: '15', sort: 'at', order: 'desc' });
    for (const label of ['المنفِّذ', 'الإجراء', 'نوع العنصر', 'المدرسة'])
      expect(screen.getByRole('combobox', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    // Admins reach it from the System settings menu.
    await userEvent.setup().click(screen.getByTestId('settings-menu'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'سجل التدقيق' })).toHaveAttribute('href', '/settings/audit-log');
  });

  it("words a role's permissions change in Arabic: the role and each permission by name (issue 41)", async () => {
    signIn(admin());
    serve();
    const change: AuditLogRecord = {
      ...entries[0],
      id: 42,
      action: 'roles.set_permissions',
      target: 'roles/2',
      target_type: 'roles',
      summary: { role: ROLES.author, added: [permissionFor(AREAS.exams, 'create')], removed: [] },
      about: { exam: null, student: null },
    };
    server.use(http.get('*/api/audit-log', () => HttpResponse.json(listBody([change]))));
    renderApp('/settings/audit-log', 'ar');
    const summary = await screen.findByTestId('audit-summary');
    expect(summary.textContent).toBe('الدور: معدّ الاختبارات؛ ما أُضيف: إضافة: الاختبارات؛ ما سُحب: لا شيء');
    expect(screen.getByText('عُيّنت صلاحيات دور')).toBeInTheDocument();
  });

  it("names a record's fields by the record's own labels, and a filter by its field (issue 41)", async () => {
    signIn(admin());
    serve();
    const edited: AuditLogRecord = {
      ...entries[0],
      id: 43,
      action: 'exams.update',
      target: 'exams/7',
      target_type: 'exams',
      summary: { before: { questions_per_page: 5 }, after: { questions_per_page: 10 } },
      about: { exam: null, student: null },
    };
    const exported: AuditLogRecord = {
      ...edited,
      id: 44,
      action: 'audit_log.export',
      target: 'audit_log',
      target_type: 'audit_log',
      summary: { format: 'csv', filters: { 'filter[action]': 'exams.publish', 'filter[user_id]': '3' } },
    };
    server.use(http.get('*/api/audit-log', () => HttpResponse.json(listBody([edited, exported]))));
    renderApp('/settings/audit-log', 'en');
    const [first, second] = await screen.findAllByTestId('audit-summary');
    expect(first.textContent).toBe(`${catalogs.en.resources.exams.fields.questions_per_page}: 5 → 10`);
    expect(second.textContent).toBe('Format: csv; Filters: Action: exams.publish');
  });

  it('sends each filter as filter[...] and exports the CSV with the filters on screen', async () => {
    signIn(admin());
    const { lists, exports } = serve();
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:audit';
    };
    URL.revokeObjectURL = () => undefined;
    renderApp('/settings/audit-log', 'ar');
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('combobox', { name: /^الإجراء/ }));
    await user.click(await screen.findByRole('option', { name: 'نشر اختبار' }));
    await waitFor(() => expect(lastQuery(lists).get('filter[action]')).toBe('exams.publish'));

    await user.click(screen.getByRole('combobox', { name: /^نوع العنصر/ }));
    await user.click(await screen.findByRole('option', { name: 'محاولات الاختبار' }));
    await waitFor(() => expect(lastQuery(lists).get('filter[target_type]')).toBe('exam_attempts'));

    await user.type(screen.getByRole('combobox', { name: /^المنفِّذ/ }), 'Huda');
    await user.click(await screen.findByRole('option', { name: 'Huda Saleh' }));
    await waitFor(() => expect(lastQuery(lists).get('filter[user_id]')).toBe('5'));

    await user.click(screen.getByRole('combobox', { name: /^المدرسة/ }));
    await user.click(await screen.findByRole('option', { name: 'مدرسة النور' }));
    await waitFor(() => expect(lastQuery(lists).get('filter[school_id]')).toBe('3'));

    // The app's date pickers, not the browser's native fields (mm/dd/yyyy on an American browser, issue 41).
    expect(document.querySelector('input[type="date"]')).toBeNull();
    await setWallTime('from', '2026-06-01');
    await setWallTime('to', '2026-06-05');
    await waitFor(() => expect(lastQuery(lists).get('filter[to]')).toBe('2026-06-05'));
    expect(lastQuery(lists).get('filter[from]')).toBe('2026-06-01');

    await user.click(screen.getByRole('button', { name: 'تصدير ملف CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(Object.fromEntries(lastQuery(exports))).toEqual({
      'filter[action]': 'exams.publish',
      'filter[target_type]': 'exam_attempts',
      'filter[user_id]': '5',
      'filter[school_id]': '3',
      'filter[from]': '2026-06-01',
      'filter[to]': '2026-06-05',
      format: 'csv',
      lang: 'ar',
    });
  });
});
