import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ExamMonitor, MonitorStudent, MonitorTotals } from '../../src/common/contracts/index';
import { AREAS, listPermissions } from '../../src/common/permission-catalog';
import { permissionFor } from '../../src/common/permissions';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

const totals = (over: Partial<MonitorTotals> = {}): MonitorTotals => ({
  assigned: 2,
  not_started: 0,
  in_progress: 1,
  submitted: 1,
  auto_submitted: 0,
  force_submitted: 0,
  absent: 0,
  online: 1,
  unsent: 1,
  released: 0,
  ...over,
});
const student = (over: Partial<MonitorStudent>): MonitorStudent => ({
  student_id: 11,
  assignment_id: 101,
  student_number: 'S1011',
  name: 'ليلى',
  school_id: 3,
  school_class_id: 7,
  status: 'in_progress',
  started_at: '2026-06-05T09:00:00.000Z',
  deadline_at: '2026-06-05T10:00:00.000Z',
  submitted_at: null,
  time_left_seconds: 3000,
  extra_seconds: 900,
  answered: 2,
  total: 3,
  last_seen_at: '2026-06-05T09:10:00.000Z',
  last_saved_at: '2026-06-05T09:09:00.000Z',
  online: true,
  unsent: 3,
  released: false,
  ...over,
});
const monitor: ExamMonitor = {
  exam: {
    id: 9,
    name_en: 'Reading',
    name_ar: 'القراءة',
    is_mock: false,
    duration_minutes: 45,
    question_count: 3,
    adaptive: false,
    anonymity: 'none',
  },
  server_time: '2026-06-05T09:10:05.000Z',
  online_seconds: 25,
  totals: totals(),
  schools: [
    {
      id: 3,
      name_en: 'Al Noor',
      name_ar: 'مدرسة النور',
      totals: totals(),
      classes: [{ id: 7, name_en: 'Class A', name_ar: 'الشعبة أ', totals: totals() }],
    },
  ],
  students: [
    student({}),
    student({
      student_id: 12,
      assignment_id: 102,
      name: 'سامي',
      status: 'submitted',
      online: false,
      unsent: 0,
      time_left_seconds: null,
      extra_seconds: 0,
    }),
  ],
};
const meta = {
  current_page: 1,
  last_page: 1,
  per_page: 50,
  total: 2,
  next_page: null,
  previous_page: null,
  pages: [1],
};

function serve() {
  const reads = recorder();
  const interventions = recorder();
  const releases = recorder();
  server.use(
    http.get('*/api/exams/9/monitor', ({ request }) => {
      reads.record(request);
      return HttpResponse.json({ data: monitor, meta });
    }),
    http.post('*/api/exams/9/interventions', async ({ request }) => {
      interventions.record(request.clone());
      const body = (await request.json()) as { preview: boolean; action: string };
      return HttpResponse.json({
        data: {
          action: body.action,
          preview: body.preview,
          applied: [
            {
              student_id: 11,
              assignment_id: 101,
              name_en: 'Layla',
              name_ar: 'ليلى',
              deadline_at: null,
              erases: { attempts: 1, answers: 2, marks: 0 },
            },
          ],
          skipped: [{ student_id: 12, assignment_id: 102, name_en: 'Sami', name_ar: 'سامي', reason: 'released' }],
        },
      });
    }),
    http.post('*/api/exams/9/release', ({ request }) => {
      releases.record(request);
      return HttpResponse.json({ data: { released: 2, assignments: 2 } });
    }),
  );
  return { reads, interventions, releases };
}

const supervisor = (...more: string[]) =>
  makeUser([
    ...listPermissions(AREAS.examMonitor),
    permissionFor(AREAS.examMonitor, 'edit'),
    permissionFor(AREAS.resultReleases, 'create'),
    ...more,
  ]);

describe('the exam-day monitor', () => {
  it('shows the counts and each student in Arabic, right to left, with presence, answers and unsent ones', async () => {
    signIn(supervisor());
    const { reads } = serve();
    renderApp('/exams/9/monitor', 'ar');
    expect(await screen.findByRole('heading', { name: 'يوم الاختبار: القراءة', level: 1 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const rows = within(screen.getByTestId('monitor-students')).getAllByRole('row');
    const layla = rows.find((row) => row.textContent?.includes('ليلى'))!;
    expect(layla).toHaveTextContent('قيد الأداء');
    expect(layla).toHaveTextContent('متصل');
    expect(layla).toHaveTextContent(/2.*من.*3|٢.*من.*٣/);
    expect(within(screen.getByTestId('monitor-totals')).getByText('لديهم إجابات لم تُرسل')).toBeInTheDocument();
    expect(new URL(reads.requests[0]!.url).searchParams.get('per_page')).toBe('50');
    // Narrowing by status asks the server again, from the first page.
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /^الحالة/ }));
    await user.click(await screen.findByRole('option', { name: 'غائب' }));
    await waitFor(() => expect(new URL(reads.requests.at(-1)!.url).searchParams.get('filter[status]')).toBe('absent'));
  });

  it("has a column for a supervisor's submissions, so that each row's statuses add up to Assigned (issue 41)", async () => {
    signIn(supervisor());
    serve();
    const classTotals = totals({ assigned: 4, in_progress: 1, submitted: 1, force_submitted: 2 });
    server.use(
      http.get('*/api/exams/9/monitor', () =>
        HttpResponse.json({
          data: {
            ...monitor,
            schools: [{ ...monitor.schools[0], classes: [{ ...monitor.schools[0].classes[0], totals: classTotals }] }],
          },
          meta,
        }),
      ),
    );
    renderApp('/exams/9/monitor');
    const table = await screen.findByRole('table', { name: 'Schools and classes' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toContain('Submitted by a supervisor');
    const row = within(table).getByRole('row', { name: /Class A/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => Number(cell.textContent));
    const column = (name: string) => cells[headers.indexOf(name) - 1];
    expect(column('Submitted by a supervisor')).toBe(2);
    const statuses = [
      'Not started',
      'In progress',
      'Submitted',
      'Submitted automatically',
      'Submitted by a supervisor',
      'Absent',
    ];
    expect(statuses.reduce((sum, name) => sum + column(name), 0)).toBe(column('Assigned'));
    expect(screen.getByTestId('release-state')).toHaveTextContent('Results released to 0 of the 2 students assigned');
  });

  it('reviews a reset before doing it, naming what it erases and whom it skips, then sends it with its reason', async () => {
    signIn(supervisor());
    const { interventions } = serve();
    renderApp('/exams/9/monitor', 'en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose ليلى' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    const dialog = await screen.findByRole('dialog');
    const review = within(dialog).getByRole('button', { name: 'Review' });
    expect(review).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Wrong student at the computer');
    await user.click(review);
    const outcome = await within(dialog).findByTestId('intervention-review');
    expect(outcome).toHaveTextContent('erases: attempts 1, answers 2, marks 0');
    expect(outcome).toHaveTextContent('Sami — results already released');
    await user.click(within(dialog).getByRole('button', { name: 'Erase for 1 student' }));
    await waitFor(() => expect(interventions.requests).toHaveLength(2));
    const sent = await interventions.requests[1]!.json();
    expect(sent).toEqual({
      action: 'reset',
      student_ids: [11],
      reason: 'Wrong student at the computer',
      preview: false,
    });
  });

  it('offers no extra time to a supervisor who may not grant accommodations', async () => {
    serve();
    const user = userEvent.setup();
    signIn(supervisor());
    renderApp('/exams/9/monitor', 'en');
    await user.click(await screen.findByRole('checkbox', { name: 'Choose ليلى' }));
    expect(screen.getByRole('button', { name: 'Reset' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Extra time' })).not.toBeInTheDocument();
  });

  it('offers extra time for the chosen students to a supervisor who may grant accommodations', async () => {
    serve();
    signIn(supervisor(permissionFor(AREAS.accommodations, 'edit')));
    renderApp('/exams/9/monitor', 'en');
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Choose ليلى' }));
    expect(screen.getByRole('button', { name: 'Extra time' })).toBeInTheDocument();
  });

  it('says whose results a release of the whole exam shows, without naming a target (issue 41)', async () => {
    signIn(supervisor());
    const { releases } = serve();
    renderApp('/exams/9/monitor', 'en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Release results' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Every student assigned this exam and their school staff will see their results');
    expect(dialog).not.toHaveTextContent('The students of');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(releases.requests).toHaveLength(1));
    expect(await releases.requests[0]!.json()).toEqual({});
  });

  it('releases the results of the class shown', async () => {
    signIn(supervisor());
    const { releases } = serve();
    renderApp('/exams/9/monitor', 'en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Class A' }));
    await user.click(screen.getByRole('button', { name: 'Release results' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(releases.requests).toHaveLength(1));
    expect(await releases.requests[0]!.json()).toEqual({ school_class_id: 7 });
  });

  it('offers no action to those who may only watch (school staff)', async () => {
    signIn(makeUser(listPermissions(AREAS.examMonitor)));
    serve();
    renderApp('/exams/9/monitor', 'en');
    await screen.findAllByText('ليلى');
    expect(screen.queryByRole('button', { name: 'Extend time' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release results' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says an exam is marked anonymously, and lets an administrator lift it with a reason, in Arabic', async () => {
    signIn(makeUser([...listPermissions(AREAS.examMonitor), permissionFor(AREAS.anonymity, 'edit')]));
    let anonymity: ExamMonitor['exam']['anonymity'] = 'held';
    const lifts = recorder();
    server.use(
      http.get('*/api/exams/9/monitor', () =>
        HttpResponse.json({ data: { ...monitor, exam: { ...monitor.exam, anonymity } }, meta }),
      ),
      http.post('*/api/exams/9/anonymity/lift', ({ request }) => {
        lifts.record(request);
        anonymity = 'lifted';
        return HttpResponse.json({ data: { exam_id: 9, lifted_at: '2026-06-05T09:11:00.000Z', lifted_by: 1 } });
      }),
    );
    renderApp('/exams/9/monitor', 'ar');
    const state = await screen.findByTestId('anonymity-state');
    expect(state).toHaveTextContent('يُصحَّح هذا الاختبار دون أسماء');
    const user = userEvent.setup();
    await user.click(within(state).getByRole('button', { name: 'رفع السرّية' }));
    const dialog = await screen.findByRole('dialog', { name: 'رفع سرّية التصحيح دون أسماء' });
    const confirm = within(dialog).getByRole('button', { name: 'رفع السرّية' });
    // A reason of at least three characters first.
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /السبب/ }), 'اعتراض ولي أمر');
    await user.click(confirm);
    await waitFor(() => expect(lifts.requests).toHaveLength(1));
    expect(await lifts.requests[0]!.json()).toEqual({ reason: 'اعتراض ولي أمر' });
    await waitFor(() =>
      expect(screen.getByTestId('anonymity-state')).toHaveTextContent('رُفعت سرّية تصحيح هذا الاختبار'),
    );
    // The dialog closes, and nothing offers to lift it again.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'رفع السرّية' })).not.toBeInTheDocument());
  });

  it('tells school staff the exam is marked anonymously, without the way to lift it', async () => {
    signIn(makeUser(listPermissions(AREAS.examMonitor)));
    server.use(
      http.get('*/api/exams/9/monitor', () =>
        HttpResponse.json({ data: { ...monitor, exam: { ...monitor.exam, anonymity: 'held' } }, meta }),
      ),
    );
    renderApp('/exams/9/monitor', 'en');
    expect(await screen.findByTestId('anonymity-state')).toHaveTextContent('This exam is marked anonymously');
    expect(screen.queryByRole('button', { name: 'Lift anonymity' })).not.toBeInTheDocument();
  });
});
