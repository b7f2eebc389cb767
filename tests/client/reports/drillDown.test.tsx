import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SchoolStudent, StudentExamRow, StudentProfile } from '../../../src/common/contracts/index';
import { listBody } from '../support/resources';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { drillDown, entry, GRADE_CRUMB, NOOR_CRUMB, SCHOOLS_CRUMB, signInAuthor } from './support';

const named = (id: number, en: string, ar: string) => ({ id, name_en: en, name_ar: ar });
const CORRECTED = entry(3, 'corrected', 'Corrected', 'صُحِّح');

const student: SchoolStudent = {
  id: 41,
  name: 'Layla Haddad',
  gender: 'female',
  nationality: 'AE',
  school_id: 1,
  grade_id: 4,
  school_class: named(6, 'Class A', 'الشعبة أ'),
  exams_count: 2,
  submitted_count: 2,
  corrected_count: 1,
};

const examRow: StudentExamRow = {
  id: 90,
  exam: named(12, 'Reading Benchmark', 'الاختبار المعياري للقراءة'),
  round: named(2, 'Round 2', 'الجولة الثانية'),
  academic_year: named(2, '2026-2027', '2026-2027'),
  is_mock: false,
  start_date_time: '2026-11-01 08:00:00',
  end_date_time: '2026-11-01 10:00:00',
  submitted_at: '2026-11-01T09:00:00Z',
  exam_status: entry(3, 'submitted', 'Submitted', 'مُسلَّم'),
  correction_status: CORRECTED,
  total: 72,
  total_mark: 100,
  pass_mark: 50,
  passed: true,
  report: { id: 9, status: entry(3, 'generated', 'Generated', 'تم الإنشاء') },
};

describe("a grade's students", () => {
  it('filters by class and searches, kept in the address and back to page 1', async () => {
    signInAuthor();
    const asked = recorder();
    server.use(
      http.get('*/api/schools/1/grades/4/students', ({ request }) => {
        asked.record(request);
        return HttpResponse.json(drillDown([student], [SCHOOLS_CRUMB, NOOR_CRUMB, GRADE_CRUMB]));
      }),
      http.get('*/api/school-classes', () =>
        HttpResponse.json(listBody([named(6, 'Class A', 'الشعبة أ'), named(7, 'Class B', 'الشعبة ب')])),
      ),
    );
    renderApp('/students?school_id=1&grade_id=4&page=2');
    await screen.findByTestId('students-list-row');
    expect(new URL(asked.requests[0].url).searchParams.get('page')).toBe('2');

    await userEvent.click(screen.getByRole('combobox', { name: 'Class' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Class B' }));
    await waitFor(() => {
      const query = new URL(asked.requests.at(-1)!.url).searchParams;
      expect(query.get('filter[school_class_id]')).toBe('7');
      expect(query.get('page')).toBe('1');
    });
    const params = new URLSearchParams(window.location.search);
    expect(params.get('filter[school_class_id]')).toBe('7');
    expect(params.get('school_id')).toBe('1');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'Lay{Enter}');
    await waitFor(() => expect(new URL(asked.requests.at(-1)!.url).searchParams.get('search')).toBe('Lay'));
    expect(new URLSearchParams(window.location.search).get('search')).toBe('Lay');
  });

  it('has no class filter for a user who may not read the classes (the read would sign them out)', async () => {
    signInAuthor(['com.ltm.permissions.schools.view.schools']);
    server.use(
      http.get('*/api/schools/1/grades/4/students', () =>
        HttpResponse.json(drillDown([student], [SCHOOLS_CRUMB, NOOR_CRUMB, GRADE_CRUMB])),
      ),
    );
    renderApp('/students?school_id=1&grade_id=4');
    await screen.findByTestId('students-list-row');
    expect(screen.queryByRole('combobox', { name: 'Class' })).not.toBeInTheDocument();
  });
});

describe("a student's exams", () => {
  it('shows the student, each exam with its result, and opens a generated report', async () => {
    signInAuthor();
    const profile: StudentProfile = {
      student: {
        id: 41,
        name: 'Layla Haddad',
        gender: 'female',
        nationality: 'AE',
        school: named(1, 'Al Noor School', 'مدرسة النور'),
        grade: named(4, 'Grade 5', 'الصف الخامس'),
        level: null,
      },
      classes: [{ ...named(6, 'Class A', 'الشعبة أ'), grade_id: 4 }],
      exams: [examRow],
      breadcrumbs: [],
    };
    const trail = [
      SCHOOLS_CRUMB,
      NOOR_CRUMB,
      GRADE_CRUMB,
      { label_en: 'Layla Haddad', label_ar: 'Layla Haddad', path: '/student-exams?student_id=41' },
    ];
    server.use(
      http.get('*/api/students/41/exams', () => HttpResponse.json(drillDown([examRow], trail))),
      http.get('*/api/students/41/profile', () => HttpResponse.json({ data: profile })),
    );
    renderApp('/student-exams?student_id=41');
    expect(await screen.findByRole('heading', { name: "Student's Exams: Layla Haddad", level: 1 })).toBeInTheDocument();
    const summary = await screen.findByTestId('student-summary');
    expect(summary).toHaveTextContent('Al Noor School');
    expect(summary).toHaveTextContent('Grade 5');
    expect(summary).toHaveTextContent('Class A');
    const crumbs = screen.getByRole('navigation', { name: 'Where you are' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/schools-list', '/grades?school_id=1', '/students?school_id=1&grade_id=4']);
    const row = await screen.findByTestId('student-exams-list-row');
    expect(within(row).getByText('72 / 100')).toBeInTheDocument();
    expect(within(row).getByText('Passed')).toBeInTheDocument();
    expect(within(row).getByText('Corrected')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View report' })).toHaveAttribute(
      'href',
      '/generated-reports/9/view?lang=en',
    );
  });
});

describe('the drill-down in Arabic', () => {
  it('reads right to left, with Arabic breadcrumbs, names and headings', async () => {
    signInAuthor();
    server.use(
      http.get('*/api/schools/1/grades', () =>
        HttpResponse.json(
          drillDown(
            [
              {
                ...named(4, 'Grade 5', 'الصف الخامس'),
                school_id: 1,
                classes_count: 2,
                students_count: 16,
                correction_status: CORRECTED,
                report_status: entry(1, 'none', 'No reports', 'لا توجد تقارير'),
              },
            ],
            [SCHOOLS_CRUMB, NOOR_CRUMB],
          ),
        ),
      ),
    );
    renderApp('/grades?school_id=1', 'ar');
    expect(await screen.findByRole('heading', { name: 'الصفوف: مدرسة النور', level: 1 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const crumbs = screen.getByRole('navigation', { name: 'موقعك' });
    expect(within(crumbs).getByRole('link', { name: 'المدارس' })).toHaveAttribute('href', '/schools-list');
    const row = await screen.findByTestId('grades-list-row');
    expect(within(row).getByRole('link', { name: 'الصف الخامس' })).toHaveAttribute(
      'href',
      '/students?school_id=1&grade_id=4',
    );
    expect(within(row).getByText('صُحِّح')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'إنشاء تقارير الصف' })).toBeInTheDocument();
  });
});
