import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MarkingWaiting, SchoolHome } from '../../src/common/contracts/index';
import { allPermissions, defaultRolePermissions } from '../../src/common/permission-catalog';
import { ROLES } from '../../src/common/permissions';
import { homePath } from '../../src/client/auth/access';
import { formatDateTime, formatNumber } from '../../src/client/format';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { server } from './support/server';

/** Issue 26, homes that fit the role: where each role lands, a marker's waiting list and school staff's page. */
const defaults = defaultRolePermissions();
const ar = (value: number) => formatNumber(value, 'ar');

describe('homePath', () => {
  it('sends each demo role home: authors and admins to the exams, correctors to their marking, school staff to their school, students to their exams', () => {
    expect(homePath(allPermissions())).toBe('/exams');
    expect(homePath(defaults[ROLES.author])).toBe('/exams');
    expect(homePath(defaults[ROLES.corrector])).toBe('/marking');
    expect(homePath(defaults[ROLES.school])).toBe('/my-school');
    expect(homePath(defaults[ROLES.student])).toBe('/my-exams');
    expect(homePath([])).toBe('/profile');
  });
});

const waiting: MarkingWaiting = {
  totals: { first: 4, second: 1, deciding: 2, total: 7 },
  exams: [
    {
      exam_id: 12,
      name_en: 'Writing benchmark',
      name_ar: 'اختبار الكتابة المعياري',
      double_marking: true,
      anonymous_marking: true,
      counts: { first: 1, second: 1, deciding: 2, total: 4 },
      oldest_submitted_at: '2026-06-02T07:30:00.000Z',
    },
    {
      exam_id: 15,
      name_en: 'Speaking benchmark',
      name_ar: 'اختبار المحادثة المعياري',
      double_marking: false,
      anonymous_marking: false,
      counts: { first: 3, second: 0, deciding: 0, total: 3 },
      oldest_submitted_at: '2026-06-04T10:00:00.000Z',
    },
  ],
};

const corrector = () => makeUser(defaults[ROLES.corrector], { roles: [{ name: 'Corrector', role: ROLES.corrector }] });
const staff = () => makeUser(defaults[ROLES.school], { roles: [{ name: 'School', role: ROLES.school }] });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the waiting list', () => {
  it('lands a corrector on it, in Arabic, right to left: totals, each exam to its students waiting, deciding marks to theirs', async () => {
    signIn(corrector());
    server.use(http.get('*/api/corrections/waiting', () => HttpResponse.json({ data: waiting })));
    renderApp('/', 'ar');

    expect(await screen.findByRole('heading', { name: 'بانتظار تصحيحي', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/marking');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByTestId('waiting-total-first')).toHaveTextContent(`التصحيح الأول${ar(4)}`);
    expect(screen.getByTestId('waiting-total-deciding')).toHaveTextContent(`الدرجات الحاسمة${ar(2)}`);
    const [blind, single] = await screen.findAllByTestId('waiting-exam');
    expect(cellsOf(blind).slice(1)).toEqual([
      ar(1),
      ar(1),
      ar(2),
      ar(4),
      formatDateTime('2026-06-02T07:30:00.000Z', 'ar'),
    ]);
    expect(blind).toHaveTextContent('تصحيح مزدوج');
    expect(blind).toHaveTextContent('تصحيح دون أسماء');
    // Second and deciding marks belong to double marking only.
    expect(cellsOf(single).slice(1, 5)).toEqual([ar(3), '—', '—', ar(3)]);
    expect(within(blind).getByRole('link', { name: 'فتح قائمة طلاب اختبار الكتابة المعياري' })).toHaveAttribute(
      'href',
      '/exams/12/preview/students?filter%5Bstudent_exam_status_id%5D=1%2C2',
    );
    expect(
      within(blind).getByRole('link', { name: 'فتح إجابات اختبار الكتابة المعياري التي تنتظر درجة حاسمة' }),
    ).toHaveAttribute('href', '/exams/12/preview/students?filter%5Bneeds_deciding%5D=1');
    const nav = screen.getByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(within(nav).getByRole('link', { name: 'التصحيح' })).toHaveAttribute('href', '/marking');
    expect(within(nav).queryByRole('link', { name: 'مدرستي' })).not.toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    signIn(corrector());
    server.use(
      http.get('*/api/corrections/waiting', () =>
        HttpResponse.json({ data: { totals: { first: 0, second: 0, deciding: 0, total: 0 }, exams: [] } }),
      ),
    );
    renderApp('/marking', 'ar');
    expect(await screen.findByTestId('waiting-empty')).toHaveTextContent('لا شيء بانتظارك');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

const schools: SchoolHome[] = [
  {
    id: 3,
    name_en: 'Al Amal Model School',
    name_ar: 'مدرسة الأمل النموذجية',
    running: [
      {
        exam_id: 21,
        name_en: 'Reading benchmark',
        name_ar: 'اختبار القراءة المعياري',
        is_mock: false,
        start_date_time: '2026-06-02 08:00:00',
        end_date_time: '2026-06-20 15:00:00',
        assigned: 30,
        not_started: 12,
        in_progress: 8,
        submitted: 10,
      },
    ],
    released: [
      {
        exam_id: 19,
        name_en: 'Listening benchmark',
        name_ar: 'اختبار الاستماع المعياري',
        is_mock: false,
        released: 14,
        submitted: 16,
        released_at: '2026-06-03T11:00:00.000Z',
      },
      {
        exam_id: 7,
        name_en: 'Practice test',
        name_ar: 'الاختبار التجريبي',
        is_mock: true,
        released: 5,
        submitted: 5,
        released_at: null,
      },
    ],
    reports: [
      {
        id: 31,
        name: 'Al Amal Model School — Listening benchmark',
        exam: { id: 19, name_en: 'Listening benchmark', name_ar: 'اختبار الاستماع المعياري' },
        subject: { name_en: 'Al Amal Model School', name_ar: 'مدرسة الأمل النموذجية' },
        type: { id: 5, key: 'school', name_en: 'School report', name_ar: 'تقرير المدرسة' },
        status: { id: 3, key: 'generated', name_en: 'Generated', name_ar: 'تم الإنشاء' },
        language: 'both',
        generated_at: '2026-06-04T09:00:00.000Z',
      },
    ],
  },
  { id: 4, name_en: 'Ibn Sina School', name_ar: 'مدرسة ابن سينا', running: [], released: [], reports: [] },
];

describe('the school’s page', () => {
  it('lands school staff on it, in Arabic, right to left: exams running to their monitor, results released, reports to the viewer', async () => {
    signIn(staff());
    server.use(http.get('*/api/schools/home', () => HttpResponse.json({ data: schools })));
    renderApp('/', 'ar');

    expect(await screen.findByRole('heading', { name: 'مدرستي', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/my-school');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const [amal, sina] = await screen.findAllByTestId('school-home');
    expect(within(amal).getByRole('heading', { name: 'مدرسة الأمل النموذجية', level: 2 })).toBeInTheDocument();

    const running = within(amal).getByTestId('running-exam');
    expect(cellsOf(running).slice(0, 5)).toEqual([
      'اختبار القراءة المعياري',
      `من ${formatDateTime('2026-06-02 08:00:00', 'ar')} إلى ${formatDateTime('2026-06-20 15:00:00', 'ar')}`,
      ar(12),
      ar(8),
      ar(10),
    ]);
    expect(within(running).getByRole('link', { name: 'متابعة اختبار القراءة المعياري' })).toHaveAttribute(
      'href',
      '/exams/21/monitor',
    );

    const [listening, practice] = within(amal).getAllByTestId('released-exam');
    expect(cellsOf(listening)).toEqual([
      'اختبار الاستماع المعياري',
      `${ar(14)} من ${ar(16)} ممن سلّموا`,
      formatDateTime('2026-06-03T11:00:00.000Z', 'ar'),
      'النتائج (CSV)النتائج (Excel)',
    ]);
    expect(cellsOf(practice)).toEqual([
      'الاختبار التجريبياختبار تجريبي',
      `${ar(5)} من ${ar(5)} ممن سلّموا`,
      'فورًا',
      'النتائج (CSV)النتائج (Excel)',
    ]);
    // Each exam's results by student, as a file, named for its exam after its visible label (issue 41).
    expect(
      within(listening).getByRole('button', { name: 'النتائج (Excel): اختبار الاستماع المعياري' }),
    ).toBeInTheDocument();

    const report = within(amal).getByTestId('home-report');
    expect(cellsOf(report)).toEqual([
      'تقرير المدرسة: مدرسة الأمل النموذجية',
      'اختبار الاستماع المعياري',
      'الإنجليزية والعربية',
      formatDateTime('2026-06-04T09:00:00.000Z', 'ar'),
    ]);
    // Named by its visible text: what it is and whom it is about (axe's label-in-name, issue 41).
    expect(within(report).getByRole('link', { name: 'تقرير المدرسة: مدرسة الأمل النموذجية' })).toHaveAttribute(
      'href',
      '/generated-reports/31/view?lang=ar',
    );
    expect(within(amal).getByRole('link', { name: 'جميع التقارير' })).toHaveAttribute(
      'href',
      '/generated-reports?filter%5Bschool_id%5D=3',
    );

    // A school with nothing yet says so, part by part.
    expect(sina).toHaveTextContent('لا يوجد اختبار مفتوح في مدرستك الآن.');
    expect(sina).toHaveTextContent('لم تُعلَن أي نتائج لطلابك بعد.');
    expect(sina).toHaveTextContent('لم يُنشأ أي تقرير لمدرستك بعد.');
    const nav = screen.getByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(within(nav).getByRole('link', { name: 'مدرستي' })).toHaveAttribute('href', '/my-school');
  });

  it('leaves out what the reader may not open (reports, the monitor), and says when no school is linked', async () => {
    signIn(makeUser(defaults[ROLES.school].filter((p) => !p.includes('.reports.') && !p.includes('.exam-monitor.'))));
    server.use(http.get('*/api/schools/home', () => HttpResponse.json({ data: [{ ...schools[0], reports: null }] })));
    const { unmount } = renderApp('/my-school');
    const school = await screen.findByTestId('school-home');
    expect(within(school).getByTestId('running-exam')).toHaveTextContent('Reading benchmark');
    expect(within(school).queryByRole('link', { name: /Monitor/ })).not.toBeInTheDocument();
    expect(within(school).queryByText('Latest reports')).not.toBeInTheDocument();
    unmount();

    server.use(http.get('*/api/schools/home', () => HttpResponse.json({ data: [] })));
    renderApp('/my-school', 'ar');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('لم يُربط حسابك بأي مدرسة بعد.', {
        normalizeWhitespace: true,
      }),
    );
  });
});
