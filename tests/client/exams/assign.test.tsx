import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../../src/common/permission-catalog';
import { permissionFor } from '../../../src/common/permissions';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { AUTHOR_PERMISSIONS, makeExam, serveExamList, serveLookups, signInAuthor } from './support';

const EXAM = makeExam({ id: 7, is_published: true });
const SCHOOLS = [
  {
    id: 1,
    name: 'Al Noor School',
    name_en: 'Al Noor School',
    name_ar: 'مدرسة النور',
    eligible_count: 4,
    assigned_count: 1,
  },
  {
    id: 2,
    name: 'Al Amal School',
    name_en: 'Al Amal School',
    name_ar: 'مدرسة الأمل',
    eligible_count: 2,
    assigned_count: 0,
  },
];
const cls = { id: 5, name_en: 'Grade 4 A', name_ar: 'الرابع أ' };
const STUDENTS = [
  { id: 10, name: 'Layla', school_class_id: 5, school_class: cls, assigned: true, started: true, has_answers: true },
  { id: 11, name: 'Omar', school_class_id: 5, school_class: cls, assigned: false, started: false, has_answers: false },
];

function serveAssignation() {
  serveExamList([EXAM]);
  serveLookups();
  const posts = recorder();
  server.use(
    http.get('*/api/exams/7', () => HttpResponse.json({ data: EXAM })),
    http.get('*/api/exams/7/localizations', () => HttpResponse.json({ data: [] })),
    http.get('*/api/exams/7/assignation/schools', () => HttpResponse.json({ data: SCHOOLS })),
    http.get('*/api/exams/7/assignation/schools/1/students', () => HttpResponse.json({ data: STUDENTS })),
    http.post('*/api/exams/7/:action/students', ({ request }) => {
      posts.record(request);
      return HttpResponse.json({ data: { assigned: 2, already_assigned: 1, skipped: [] } });
    }),
  );
  return posts;
}

const ASSIGNER = [...AUTHOR_PERMISSIONS, permissionFor(AREAS.exams, 'assign')];

describe('assigning an exam', () => {
  it('assigns a whole school and a chosen student with the window and switches', async () => {
    signInAuthor(ASSIGNER);
    const posts = serveAssignation();
    renderApp('/exams/7/assign');
    const user = userEvent.setup();
    expect(await screen.findByText('4 eligible, 1 assigned')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'The whole school: Al Amal School' }));
    await user.click(screen.getByRole('button', { name: /Al Noor School/ }));
    const omar = await screen.findByRole('checkbox', { name: 'Omar (Grade 4 A)' });
    await user.click(omar);
    expect(screen.getByText('Started')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Shuffle the questions' }));
    // Results at the window's end instead of waiting for an author's release.
    await user.click(screen.getByRole('combobox', { name: 'When results are shown' }));
    await user.click(await screen.findByRole('option', { name: 'When the window has closed' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(posts.requests).toHaveLength(1));
    expect(new URL(posts.requests[0].url).pathname).toBe('/api/exams/7/assign/students');
    expect(await posts.requests[0].json()).toEqual({
      school_ids: [2],
      student_ids: [11],
      start_date_time: EXAM.start_date_time,
      end_date_time: EXAM.end_date_time,
      show_answers: false,
      shuffle_choices: false,
      shuffle_questions: true,
      exam_localization_id: null,
      release_results: 'after_close',
    });
    // SPEC section 8's words for the assign call (issue 41, spec item 239).
    expect(await screen.findByText('Exam assigned successfully')).toBeInTheDocument();
  });

  it('asks before reassigning, naming how many students will lose their answers', async () => {
    signInAuthor(ASSIGNER);
    const posts = serveAssignation();
    renderApp('/exams/7/assign');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Al Noor School/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Layla (Grade 4 A)' }));
    await user.click(screen.getByRole('button', { name: 'Reassign' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/One of them has answers for this exam, which will be erased/)).toBeInTheDocument();
    expect(posts.requests).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts.requests).toHaveLength(1));
    expect(new URL(posts.requests[0].url).pathname).toBe('/api/exams/7/reassign/students');
    expect(await screen.findByText('Exam reassigned successfully')).toBeInTheDocument();
  });

  it('offers Assign on a published exam only to those who hold the permission', async () => {
    signInAuthor(AUTHOR_PERMISSIONS);
    serveAssignation();
    renderApp('/exams/7/assign');
    expect(await screen.findByText(/permission/i)).toBeInTheDocument();
    expect(screen.queryByText('4 eligible, 1 assigned')).not.toBeInTheDocument();
  });
});
