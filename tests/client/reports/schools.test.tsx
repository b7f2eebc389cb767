import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { drillDown, entry, NOOR_CRUMB, schoolStatus, SCHOOLS_CRUMB, serveSchools, signInAuthor } from './support';

describe('the schools list', () => {
  it("shows each school's statuses, and the server's words when a school report cannot be made", async () => {
    signInAuthor();
    serveSchools([
      schoolStatus(1, { correction_status: entry(2, 'in_progress', 'In progress', 'قيد التصحيح') }),
      schoolStatus(2),
    ]);
    const asked = recorder();
    server.use(
      http.post('*/api/schools/generate/exams/report', ({ request }) => {
        asked.record(request);
        return HttpResponse.json(
          { message: "School Report can't be generated since not all grade's exams have been corrected." },
          { status: 418 },
        );
      }),
    );
    renderApp('/schools-list');
    const table = await screen.findByTestId('schools-list');
    const rows = await within(table).findAllByTestId('schools-list-row');
    expect(rows).toHaveLength(2);
    expect(await within(rows[0]).findByText('In progress')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Corrected')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Al Noor School' })).toHaveAttribute(
      'href',
      '/grades?school_id=1',
    );
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Generate school report' }));
    expect(
      await screen.findByText("School Report can't be generated since not all grade's exams have been corrected."),
    ).toBeInTheDocument();
    expect(await asked.requests[0].json()).toEqual({ school_id: 1 });
  });

  it('queues the reports of the schools whose correction status is checked, and says how many', async () => {
    signInAuthor();
    serveSchools();
    const posts = recorder();
    server.use(
      http.post('*/api/schools/reports', ({ request }) => {
        posts.record(request);
        return HttpResponse.json({ message: 'Reports queued: 21', data: { report_ids: [1], skipped: [] } });
      }),
    );
    renderApp('/schools-list');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate reports by correction status' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'In progress' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Reports queued: 21')).toBeInTheDocument();
    expect(await posts.requests[0].json()).toEqual({ correction_status_ids: [2, 3] });
  });

  it("queues one school's reports (its corrected grades'), and migrates its reports with the server's words", async () => {
    signInAuthor();
    serveSchools();
    const queued = recorder();
    const migrated = recorder();
    server.use(
      http.post('*/api/schools/reports', ({ request }) => {
        queued.record(request);
        return HttpResponse.json({ message: 'Reports queued: 21', data: { report_ids: [1], skipped: [] } });
      }),
      http.post('*/api/schools/migrate/reports', ({ request }) => {
        migrated.record(request);
        return HttpResponse.json({ message: 'Migrating the school reports. Refresh after about 15 minutes.' });
      }),
    );
    renderApp('/schools-list');
    const rows = await screen.findAllByTestId('schools-list-row');
    await userEvent.click(within(rows[1]).getByRole('button', { name: 'Generate all reports' }));
    expect(await screen.findByText('Reports queued: 21')).toBeInTheDocument();
    expect(await queued.requests[0].json()).toEqual({ school_id: 2, correction_status_ids: [1, 2, 3] });
    await waitFor(() => expect(within(rows[0]).getByRole('button', { name: 'Migrate reports' })).toBeEnabled());
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Migrate reports' }));
    expect(
      await screen.findByText('Migrating the school reports. Refresh after about 15 minutes.'),
    ).toBeInTheDocument();
    expect(await migrated.requests[0].json()).toEqual({ school_id: 1 });
    expect(within(rows[1]).getByRole('link', { name: 'View reports' })).toHaveAttribute(
      'href',
      '/generated-reports?filter%5Bschool_id%5D=2',
    );
  });

  it('tells the user to refresh after about 15 minutes while a migration runs', async () => {
    signInAuthor();
    serveSchools([
      schoolStatus(1, {
        migration: {
          status: entry(2, 'migrating', 'Migration in progress', 'جارٍ النقل'),
          started_at: '2026-11-24T10:00:00Z',
          finished_at: null,
          results: 0,
        },
      }),
      schoolStatus(2),
    ]);
    renderApp('/schools-list');
    expect(await screen.findByTestId('migrating-notice')).toHaveTextContent(
      'The reports of Al Noor School are being migrated. Refresh after about 15 minutes.',
    );
  });

  it('hides the generating actions from school staff, who only view', async () => {
    signInAuthor(AUTHOR_VIEW_ONLY);
    serveSchools();
    renderApp('/schools-list');
    await screen.findAllByTestId('schools-list-row');
    expect(screen.queryByRole('button', { name: 'Generate school report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate reports by correction status' })).not.toBeInTheDocument();
  });
});

const AUTHOR_VIEW_ONLY = ['com.ltm.permissions.schools.view.schools', 'com.ltm.permissions.reports.view.reports'];

describe('the drill-down', () => {
  it("goes from a school's grades to a grade's students to a student's exams, with breadcrumbs", async () => {
    signInAuthor();
    const grade = {
      id: 4,
      name_en: 'Grade 5',
      name_ar: 'الصف الخامس',
      school_id: 1,
      classes_count: 2,
      students_count: 16,
    };
    const done = entry(3, 'corrected', 'Corrected', 'صُحِّح');
    server.use(
      http.get('*/api/schools/1/grades', () =>
        HttpResponse.json(
          drillDown(
            [{ ...grade, correction_status: done, report_status: entry(3, 'generated', 'Generated', 'تم الإنشاء') }],
            [SCHOOLS_CRUMB, NOOR_CRUMB],
          ),
        ),
      ),
      http.get('*/api/schools/1/grades/4/students', () =>
        HttpResponse.json(
          drillDown(
            [
              {
                id: 41,
                name: 'Layla Haddad',
                gender: 'female',
                nationality: 'AE',
                school_id: 1,
                grade_id: 4,
                school_class: { id: 6, name_en: 'Class A', name_ar: 'الشعبة أ' },
                exams_count: 2,
                submitted_count: 2,
                corrected_count: 2,
              },
            ],
            [
              SCHOOLS_CRUMB,
              NOOR_CRUMB,
              { label_en: 'Grade 5', label_ar: 'الصف الخامس', path: '/students?school_id=1&grade_id=4' },
            ],
          ),
        ),
      ),
      http.get('*/api/school-classes', () =>
        HttpResponse.json({ data: [{ id: 6, name_en: 'Class A', name_ar: 'الشعبة أ' }], meta: { total: 1 } }),
      ),
    );
    renderApp('/grades?school_id=1');
    expect(await screen.findByRole('heading', { name: 'Grades: Al Noor School', level: 1 })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Where you are' });
    expect(within(crumbs).getByRole('link', { name: 'Schools' })).toHaveAttribute('href', '/schools-list');
    await userEvent.click(screen.getByRole('link', { name: 'Grade 5' }));
    expect(await screen.findByRole('heading', { name: 'Students: Grade 5', level: 1 })).toBeInTheDocument();
    const row = await screen.findByTestId('students-list-row');
    expect(within(row).getByText('Female')).toBeInTheDocument();
    expect(within(row).getByText('United Arab Emirates')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Layla Haddad' })).toHaveAttribute(
      'href',
      '/student-exams?student_id=41',
    );
    await waitFor(() => expect(window.location.search).toBe('?school_id=1&grade_id=4'));
  });
});

describe("another school's pages", () => {
  it.each([
    [403, "You don't have permissions to access this data."],
    [404, 'The requested item was not found.'],
  ])('say so on a %i, with no table and no pager', async (status, message) => {
    signInAuthor(AUTHOR_VIEW_ONLY);
    server.use(
      http.get('*/api/schools/9/grades', () => HttpResponse.json({ message: 'Nope' }, { status })),
      http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
    );
    renderApp('/grades?school_id=9');

    expect(await screen.findByTestId('list-error')).toHaveTextContent(message);
    expect(screen.queryByText('Error fetching data')).not.toBeInTheDocument();
    expect(screen.queryByText(/of \d+/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('grades-list-row')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/grades');
    // Titled without a dangling colon: there is no school name to show (issue 41).
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Grades$/);
  });
});
