import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeExam, serveExamList } from '../exams/support';
import { renderApp } from '../support/render';
import { AREAS, listPermissions } from '../../../src/common/permission-catalog';
import {
  CORRECTOR_PERMISSIONS,
  makeAssigned,
  makeFilters,
  queryOf,
  serveStudentList,
  signInCorrector,
  STUDENTS,
} from './support';

const LIST = '/exams/12/preview/students';

describe('the assigned-students list', () => {
  it('asks for page 1 by id descending and shows the rows, statuses and the exam roll-up', async () => {
    signInCorrector();
    const calls = serveStudentList();
    renderApp(LIST);

    expect(await screen.findByRole('heading', { name: 'Preview Exam Student', level: 1 })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('exam-student-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Al Noor School')).toBeInTheDocument();
    expect(within(rows[1]).getByText('14 of 20')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Passed')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Not corrected')).toBeInTheDocument();
    expect(await screen.findByTestId('exam-correction-status')).toHaveTextContent('Correction: In progress');
    const query = queryOf(calls);
    expect(Object.fromEntries(query)).toEqual({ page: '1', per_page: '15', sort: 'id', order: 'desc' });
  });

  it.each([
    ['a corrector', CORRECTOR_PERMISSIONS, 'Correct'],
    [
      'a reader of the answers who may not mark',
      [
        ...listPermissions(AREAS.exams),
        ...listPermissions(AREAS.examStudents),
        ...listPermissions(AREAS.studentResponses),
      ],
      'View answers',
    ],
    ['a reader of the list only', [...listPermissions(AREAS.exams), ...listPermissions(AREAS.examStudents)], null],
  ])("offers %s each row's action their role allows (issue 41)", async (_who, permissions, action) => {
    signInCorrector(permissions as string[]);
    serveStudentList();
    renderApp(LIST);
    const [row] = await screen.findAllByTestId('exam-student-row');
    if (action === null) expect(within(row!).queryByTestId('correct-student')).toBeNull();
    else expect(within(row!).getByTestId('correct-student')).toHaveTextContent(action as string);
  });

  it('filters by category, searches and sorts, each time from page 1, and keeps it all in the address', async () => {
    signInCorrector();
    const calls = serveStudentList(STUDENTS, makeFilters(), 40);
    renderApp(`${LIST}?page=2`);
    const user = userEvent.setup();
    await screen.findAllByTestId('exam-student-row');
    expect(queryOf(calls).get('page')).toBe('2');

    await user.click(screen.getByRole('combobox', { name: 'Exam status' }));
    await user.click(await screen.findByRole('option', { name: 'Submitted' }));
    await user.click(screen.getByRole('option', { name: 'Submitted automatically' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(queryOf(calls).get('filter[exam_status_id]')).toBe('3,4'));
    expect(queryOf(calls).get('page')).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'School' }));
    await user.click(await screen.findByRole('option', { name: 'Al Amal School' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(queryOf(calls).get('filter[student.school_id]')).toBe('2'));

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(queryOf(calls).get('page')).toBe('2'));

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or code' }), 'Omar');
    await waitFor(() => expect(queryOf(calls).get('search')).toBe('Omar'));
    expect(queryOf(calls).get('page')).toBe('1');
    expect(queryOf(calls).get('filter[exam_status_id]')).toBe('3,4');

    await user.click(screen.getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(queryOf(calls).get('sort')).toBe('total'));
    expect(queryOf(calls).get('order')).toBe('asc');
    await user.click(screen.getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(queryOf(calls).get('order')).toBe('desc'));

    const address = new URLSearchParams(window.location.search);
    expect(address.get('filter[student.school_id]')).toBe('2');
    expect(address.get('search')).toBe('Omar');
    // The row's link carries the list's query to the correction screen.
    const link = screen.getAllByRole('link', { name: /Correct the answers of/ })[0];
    const target = new URL(link.getAttribute('href')!, 'http://x');
    expect(target.pathname).toBe('/exams/12/preview/students/41/correction');
    expect(target.searchParams.get('filter[exam_status_id]')).toBe('3,4');
    expect(target.searchParams.get('search')).toBe('Omar');
    expect(target.searchParams.get('sort')).toBe('total');
  });

  it('selects every row with the select-all toggle and clears the selection', async () => {
    signInCorrector();
    serveStudentList();
    renderApp(LIST);
    const user = userEvent.setup();
    await screen.findAllByTestId('exam-student-row');

    await user.click(screen.getByRole('checkbox', { name: 'Select Omar Saleh' }));
    expect(screen.getByRole('checkbox', { name: 'Select every student on this page' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select every student on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Layla Haddad' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Omar Saleh' })).toBeChecked();
    expect(screen.getByTestId('exam-students-selection')).toHaveTextContent('Selected: 2');
    await user.click(screen.getByRole('checkbox', { name: 'Select every student on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Layla Haddad' })).not.toBeChecked();
    expect(screen.queryByTestId('exam-students-selection')).not.toBeInTheDocument();
  });

  it('clears the selection when a filter, the search or the page changes', async () => {
    signInCorrector();
    const calls = serveStudentList(STUDENTS, makeFilters(), 40);
    renderApp(LIST);
    const user = userEvent.setup();
    await screen.findAllByTestId('exam-student-row');

    await user.click(screen.getByRole('checkbox', { name: 'Select Omar Saleh' }));
    expect(screen.getByTestId('exam-students-selection')).toHaveTextContent('Selected: 1');
    await user.click(screen.getByRole('combobox', { name: 'Exam status' }));
    await user.click(await screen.findByRole('option', { name: 'Submitted' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(queryOf(calls).get('filter[exam_status_id]')).toBe('3'));
    expect(screen.queryByTestId('exam-students-selection')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Omar Saleh' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select Layla Haddad' }));
    expect(screen.getByTestId('exam-students-selection')).toHaveTextContent('Selected: 1');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or code' }), 'La');
    await waitFor(() => expect(queryOf(calls).get('search')).toBe('La'));
    expect(screen.queryByTestId('exam-students-selection')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Layla Haddad' }));
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(queryOf(calls).get('page')).toBe('2'));
    expect(screen.queryByTestId('exam-students-selection')).not.toBeInTheDocument();
  });

  it('hides the school and class under anonymous marking and shows codes', async () => {
    signInCorrector();
    const anonymous = makeAssigned({
      id: 'AE4533170F2B',
      student_id: null,
      name: 'AE4533170F2B',
      code: 'AE4533170F2B',
      start_date_time: null,
      end_date_time: null,
      school: null,
      school_class: null,
      student: { school_id: null, school_class_id: null },
      attempt_id: null,
    });
    serveStudentList([anonymous], makeFilters({ anonymous_marking: true }));
    renderApp(LIST);

    const row = (await screen.findAllByTestId('exam-student-row'))[0];
    expect(within(row).getByText('AE4533170F2B')).toBeInTheDocument();
    // The correction is opened by the code: no id of the student is in the address.
    expect(within(row).getByTestId('correct-student')).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/exams\/12\/preview\/anonymous\/AE4533170F2B\/correction/),
    );
    expect(await screen.findByText(/Anonymous marking/)).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'School' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Class' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'End' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Code' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'School' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by code' })).toBeInTheDocument();
  });

  it('offers the deciding-mark filter under double marking', async () => {
    signInCorrector();
    const calls = serveStudentList(STUDENTS, makeFilters({ double_marking: true }));
    renderApp(LIST);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Needs a deciding mark' }));
    await waitFor(() => expect(queryOf(calls).get('filter[needs_deciding]')).toBe('1'));
  });

  it('sends a user without "preview exam students" to the restricted page', async () => {
    signInCorrector([]);
    renderApp(LIST);
    expect(await screen.findByTestId('restricted-page')).toBeInTheDocument();
  });

  it('links the exam list row to the students list only with the permission', async () => {
    signInCorrector();
    serveExamList([makeExam({ id: 12, is_published: true })]);
    renderApp('/exams');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'More actions' }));
    const link = await screen.findByRole('menuitem', { name: 'Assigned students' });
    expect(link).toHaveAttribute('href', LIST);
  });
});
