import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AREAS, listPermissions } from '../../../src/common/permission-catalog';
import { renderApp } from '../support/render';
import { server } from '../support/server';
import { LIST_QUERY, mark, SCREEN, openCorrection } from './marking-screen';
import {
  AUDIO_ID,
  CHOICE_ID,
  CORRECTOR_PERMISSIONS,
  ESSAY_ID,
  makeView,
  serveCorrection,
  serveSave,
  savedView,
  serveStudentList,
  signInCorrector,
  type SentBody,
} from './support';

describe('the correction screen under anonymous marking', () => {
  it('opens, moves and saves by code, and shows no name or id of the student', async () => {
    signInCorrector();
    const anonymous = makeView({
      exam: { ...makeView().exam, anonymous_marking: true },
      assignment_id: null,
    });
    const neighbours = serveCorrection(anonymous, {
      previous: 'B7C21D0E99A1',
      next: 'F00D4E2A1B3C',
      position: 2,
      total: 3,
    });
    const saves = serveSave((body) =>
      HttpResponse.json({ message: 'Corrections saved successfully', data: savedView(body, anonymous) }),
    );
    renderApp(`/exams/12/preview/anonymous/AE4533170F2B/correction?${LIST_QUERY}`);
    expect(await screen.findByTestId('correction-student-name')).toHaveTextContent('AE4533170F2B');
    expect(screen.queryByText('Layla Haddad')).not.toBeInTheDocument();
    await waitFor(() => expect(neighbours.requests).toHaveLength(1));
    expect(neighbours.requests[0].url).toContain('/api/exams/12/anonymous/AE4533170F2B/neighbours?');

    const user = userEvent.setup();
    await user.type(mark(ESSAY_ID), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves.requests).toHaveLength(1));
    const sent = (await saves.requests[0].clone().json()) as SentBody;
    expect(sent).toMatchObject({ exam_id: 12, code: 'AE4533170F2B' });
    expect(sent).not.toHaveProperty('student_id');

    await user.click(screen.getByRole('button', { name: 'Next student' }));
    await waitFor(() => expect(window.location.pathname).toBe('/exams/12/preview/anonymous/F00D4E2A1B3C/correction'));
  });
});

describe('the correction screen of a blind marker', () => {
  it('says the status and total come from their own marks alone', async () => {
    signInCorrector();
    const base = makeView();
    serveCorrection(
      makeView({
        marker: { role: 'second', slot: 2, version: 3, can_save: true },
        result: { ...base.result!, basis: 'own_sheet', complete: true, mark: 14, passed: true },
      }),
    );
    renderApp(SCREEN);
    expect(await screen.findByTestId('correction-result')).toHaveTextContent('Your marks give: 14 of 20');
    expect(screen.getByTestId('correction-result')).toHaveAttribute('data-basis', 'own_sheet');
    const help = screen.getByTestId('correction-role-help');
    expect(help).toHaveTextContent(
      'The status, the total and pass or fail shown to you come from your own marks alone',
    );
    // The notice says "You mark blind" once, not again before its second sentence (issue 41).
    expect(help.textContent?.match(/You mark blind/g)).toHaveLength(1);
  });
});

describe('the correction screen', () => {
  it('shows an essay with its word count and a spoken answer with a player', async () => {
    signInCorrector();
    serveCorrection();
    renderApp(SCREEN);

    expect(await screen.findByRole('heading', { name: 'Exam Correction', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('essay-text')).toHaveTextContent('القراءة مفيدة جدا للطلاب');
    expect(screen.getByTestId('essay-word-count')).toHaveTextContent('Words: 4 (at most 200)');
    const audio = screen.getByLabelText('Recording of question 2');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio).toHaveAttribute('src', '/api/exams/12/students/41/recordings/102');
    expect(audio).toHaveAttribute('controls');
    expect(screen.getByTestId('recording-duration')).toHaveTextContent('Length: 01:15');
    // The Arabic question reads right to left inside the English console.
    expect(screen.getByText('Question text 101').closest('[dir]')).toHaveAttribute('dir', 'rtl');
    // The automatic score and the right answer of a choice question.
    const choice = screen.getByRole('group', { name: 'Question 3' });
    expect(within(choice).getByText('Automatic score: 2 of 2')).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'The right answer' })).toHaveLength(1);
    expect(screen.getByTestId('correction-marker-role')).toHaveTextContent('Your role: Marker');
    expect(screen.getByTestId('correction-student-status')).toHaveTextContent('Correction status: Not corrected');
    expect(screen.getByRole('region', { name: 'Keyboard shortcuts' })).toHaveTextContent('Alt+Page Down');
  });

  it('goes to the next and previous student in the list order, keeping the list query', async () => {
    signInCorrector();
    const neighbours = serveCorrection();
    renderApp(SCREEN);
    const user = userEvent.setup();
    await screen.findByTestId('essay-text');

    await waitFor(() => expect(neighbours.requests).toHaveLength(1));
    const asked = new URL(neighbours.requests[0].url);
    expect(asked.pathname).toBe('/api/exams/12/assigned/students/41/neighbours');
    expect(asked.searchParams.get('sort')).toBe('name');
    expect(asked.searchParams.get('order')).toBe('asc');
    expect(asked.searchParams.get('search')).toBe('La');
    expect(asked.searchParams.get('filter[exam_status_id]')).toBe('3,4');
    expect(asked.searchParams.has('page')).toBe(false);
    expect(screen.getByTestId('correction-position')).toHaveTextContent('Student 2 of 3');

    await user.click(screen.getByTestId('correction-next'));
    await waitFor(() => expect(window.location.pathname).toBe('/exams/12/preview/students/42/correction'));
    expect(window.location.search).toBe(`?${LIST_QUERY}`);

    await screen.findByTestId('essay-text');
    await user.click(screen.getByTestId('correction-previous'));
    await waitFor(() => expect(window.location.pathname).toBe('/exams/12/preview/students/40/correction'));
    expect(window.location.search).toBe(`?${LIST_QUERY}`);

    // Back to the list with its filters.
    serveStudentList();
    await user.click(await screen.findByRole('link', { name: 'Back to the students' }));
    await waitFor(() => expect(window.location.pathname).toBe('/exams/12/preview/students'));
    expect(new URLSearchParams(window.location.search).get('filter[exam_status_id]')).toBe('3,4');
  });

  it('shows other markers’ marks to the deciding marker and locks the answers not in dispute', async () => {
    signInCorrector();
    const base = makeView();
    const view = makeView({
      marker: { role: 'deciding', slot: 3, version: 0, can_save: true },
      questions: base.questions.map((q) =>
        q.id === ESSAY_ID
          ? {
              ...q,
              items: [
                {
                  ...q.items[0],
                  disputed: true,
                  needs_deciding: true,
                  others: [
                    { slot: 1, marker: 'Sara', mark: 1, comment: 'Weak', reason: null },
                    { slot: 2, marker: 'Ali', mark: 4, comment: null, reason: null },
                  ],
                },
              ],
            }
          : q,
      ),
    });
    serveCorrection(view);
    renderApp(SCREEN);
    const essay = await screen.findByRole('group', { name: 'Question 1' });
    expect(within(essay).getByText('First marker (Sara): 1')).toBeInTheDocument();
    expect(within(essay).getByText('Second marker (Ali): 4')).toBeInTheDocument();
    expect(within(essay).getAllByText('Needs a deciding mark').length).toBeGreaterThan(0);
    expect(mark(ESSAY_ID)).toBeEnabled();
    expect(mark(AUDIO_ID)).toBeDisabled();
    expect(screen.getByTestId('correction-marker-role')).toHaveTextContent('Deciding marker');
  });

  it('is read only for an observer and for a user without the corrections permission', async () => {
    signInCorrector([...listPermissions(AREAS.studentResponses)]);
    serveCorrection(makeView());
    renderApp(SCREEN);
    await screen.findByTestId('essay-text');
    expect(mark(ESSAY_ID)).toBeDisabled();
    expect(screen.queryByTestId('correction-save')).not.toBeInTheDocument();
  });

  it('lists the audit log for those allowed to read it', async () => {
    signInCorrector([...CORRECTOR_PERMISSIONS, ...listPermissions(AREAS.correctionAudits)]);
    serveCorrection();
    server.use(
      http.get('*/api/exams/12/students/41/correction/audit', () =>
        HttpResponse.json({
          data: [
            {
              id: 1,
              attempt_id: 501,
              question_id: CHOICE_ID,
              part: '',
              slot: 1,
              user: { id: 3, name: 'Sara Marker' },
              old_mark: null,
              new_mark: 1,
              old_comment: null,
              new_comment: null,
              reason: 'Half right',
              created_at: '2026-05-02T10:15:00.000Z',
            },
          ],
        }),
      ),
    );
    renderApp(SCREEN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Audit log' }));
    const entry = await screen.findByTestId('correction-audit-entry');
    expect(entry).toHaveTextContent('Sara Marker');
    expect(entry).toHaveTextContent('Question 3');
    expect(entry).toHaveTextContent('— → 1');
    expect(entry).toHaveTextContent('Half right');
    expect(entry).toHaveTextContent('2026');
  });

  it('has no audit log for a corrector', async () => {
    await openCorrection();
    expect(screen.queryByRole('button', { name: 'Audit log' })).not.toBeInTheDocument();
  });

  it('reads right to left in Arabic, with Arabic digits and labels', async () => {
    signInCorrector();
    serveCorrection();
    renderApp(SCREEN, 'ar');
    expect(await screen.findByRole('heading', { name: 'تصحيح الاختبار', level: 1 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const ar = (n: number) => new Intl.NumberFormat('ar').format(n);
    expect(await screen.findByTestId('essay-word-count')).toHaveTextContent(
      `عدد الكلمات: ${ar(4)} (الحد الأقصى ${ar(200)})`,
    );
    expect(screen.getByLabelText(`تسجيل السؤال ${ar(2)}`).tagName).toBe('AUDIO');
    expect(screen.getByRole('button', { name: 'حفظ' })).toBeInTheDocument();
    expect(screen.getByTestId('correction-next')).toHaveTextContent('الطالب التالي');
    // The English question keeps its own direction inside the Arabic console.
    expect(screen.getByText('Question text 103').closest('[dir]')).toHaveAttribute('dir', 'ltr');
  });
});
