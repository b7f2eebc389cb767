import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { browserAnswerStore, idbAnswerStore } from '../../../src/client/student/sync/idbStore';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { attemptView, named, unisolated, serveExam, signInStudent, studentExam } from './support';

describe('my exams', () => {
  it('is where a signed-in student lands', async () => {
    signInStudent();
    server.use(http.get('*/api/student/exams', () => HttpResponse.json({ data: [] })));
    renderApp('/');
    expect(await screen.findByText('No exams have been assigned to you yet.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/my-exams');
  });

  it('lists the exams by status in Arabic, with a student menu and no staff menus', async () => {
    signInStudent();
    server.use(
      http.get('*/api/student/exams', () =>
        HttpResponse.json({
          data: [
            studentExam({ id: 1, status: 'available' }),
            studentExam({ id: 2, status: 'in_progress', time_left_seconds: 600 }),
            studentExam({ id: 3, status: 'upcoming' }),
            studentExam({
              id: 4,
              status: 'submitted',
              attempts: 1,
              score: 7,
              max_score: 10,
              mark: 70,
              max_mark: 100,
              passed: true,
              marked: true,
            }),
            studentExam({ id: 7, status: 'submitted', attempts: 1, score: 3, max_score: 10 }),
            studentExam({ id: 6, status: 'expired' }),
          ],
        }),
      ),
    );
    renderApp('/my-exams', 'ar');

    expect(await screen.findByRole('heading', { name: 'اختباراتي', level: 1 })).toBeInTheDocument();
    const statuses = (await screen.findAllByTestId('student-exam-status')).map((chip) => chip.textContent);
    expect(statuses).toEqual(['قيد الإجراء', 'متاح', 'قادم', 'تم التسليم', 'تم التسليم', 'انتهت مدته']);
    const cards = screen.getAllByTestId('student-exam-card');
    expect(within(cards[0]!).getByRole('link', { name: /تابع/ })).toHaveAttribute('href', '/my-exams/2');
    expect(within(cards[1]!).getByRole('link', { name: /ابدأ/ })).toHaveAttribute('href', '/my-exams/1');
    expect(within(cards[3]!).getByRole('link', { name: /النتيجة/ })).toHaveAttribute('href', '/my-exams/4/result');
    // The marked result: the mark on the exam's scale with its points (issue 41); one still being marked says so.
    expect(within(cards[3]!).getByText('الدرجة: 70 من 100 (النقاط: 7 من 10)')).toBeInTheDocument();
    const marking = cards.find((card) => within(card).queryByText(/ما زال المعلم يصحّح/))!;
    expect(marking).toHaveTextContent('الدرجة حتى الآن: 3 من 10؛ ما زال المعلم يصحّح');
    expect(within(cards[1]!).getByText('المدة: 45 دقيقة')).toBeInTheDocument();
    expect(screen.getAllByText('اختبار القراءة')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'اختباراتي' })).toBeInTheDocument();
    expect(screen.queryByTestId('settings-menu')).not.toBeInTheDocument();
  });
});

describe('exam player', () => {
  it('saves an answer locally at once and sends it with its seq', async () => {
    signInStudent();
    const attempt = attemptView();
    serveExam(attempt);
    const puts = recorder();
    server.use(
      http.put('*/api/student/exams/5/answers', async ({ request }) => {
        puts.record(request);
        const { answers } = (await request.json()) as { answers: { question_id: number; seq: number }[] };
        return HttpResponse.json({
          data: {
            saved: answers.map(({ question_id, seq }) => ({ question_id, seq })),
            server_time: new Date().toISOString(),
            deadline_at: attempt.deadline_at,
          },
        });
      }),
    );
    renderApp('/my-exams/5');
    const user = userEvent.setup();
    expect(await screen.findByText('Number of questions')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start the exam' }));

    await user.click(await screen.findByRole('radio', { name: 'True' }));
    await waitFor(async () =>
      // Sealed on the computer (sealedWork.test.tsx): read back through the student's key.
      expect(await browserAnswerStore().list(attempt.id)).toEqual([
        expect.objectContaining({ question_id: 101, answer: { value: true }, seq: 1 }),
      ]),
    );
    await user.click(screen.getByRole('radio', { name: 'False' }));

    await waitFor(() => expect(puts.requests).toHaveLength(1), { timeout: 5000 });
    const request = puts.requests[0]!;
    expect(request.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(await request.json()).toEqual({
      attempt_id: attempt.id,
      answers: [{ question_id: 101, answer: { value: false }, seq: 2 }],
    });
    expect(await screen.findByText('All answers saved')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await idbAnswerStore().list(attempt.id)).toEqual([expect.objectContaining({ seq: 2, synced_seq: 2 })]),
    );
  });

  it('says it is offline when sending fails and keeps the answer on the computer', async () => {
    signInStudent();
    const attempt = attemptView();
    serveExam(attempt);
    server.use(http.put('*/api/student/exams/5/answers', () => HttpResponse.error()));
    renderApp('/my-exams/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start the exam' }));
    await user.click(await screen.findByRole('radio', { name: 'True' }));

    // Shown, and (trouble) said by the live region too.
    expect(
      await screen.findAllByText(
        'Offline: your answers are kept on this computer and will be sent when the connection returns',
        undefined,
        { timeout: 5000 },
      ),
    ).toHaveLength(2);
    expect(await browserAnswerStore().list(attempt.id)).toEqual([
      expect.objectContaining({ question_id: 101, answer: { value: true }, seq: 1, synced_seq: 0 }),
    ]);
  });

  it('at time zero, submits and says which kept answers the closed exam no longer took, in Arabic', async () => {
    signInStudent();
    const now = Date.now();
    const attempt = attemptView({
      deadline_at: new Date(now + 4000).toISOString(),
      server_time: new Date(now).toISOString(),
    });
    serveExam(attempt);
    server.use(
      http.put('*/api/student/exams/5/answers', () =>
        HttpResponse.json({ message: 'انتهى وقت هذا الاختبار.' }, { status: 418 }),
      ),
      http.post('*/api/student/exams/5/submit', () =>
        HttpResponse.json({
          data: {
            ...attempt,
            status: 'submitted',
            auto_submitted: true,
            submitted_at: new Date().toISOString(),
            result: { score: 0, max_score: 2, needs_correction: false, questions: null },
          },
        }),
      ),
    );
    renderApp('/my-exams/5', 'ar');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ابدأ الاختبار' }));
    await user.click(await screen.findByRole('radio', { name: 'صواب' }));
    const late = await screen.findByTestId('result-late-answers', undefined, { timeout: 10_000 });
    expect(late).toHaveTextContent('وصلت إجابة محفوظة على هذا الحاسوب إلى الخادم بعد إغلاق الاختبار، فلم تُحفظ.');
    expect(screen.getByText('انتهى الوقت، فسُلِّم الاختبار تلقائيًا.')).toBeInTheDocument();
  }, 20_000);

  it('works by keyboard: the question map, the submit page and its confirmation', async () => {
    signInStudent();
    const attempt = attemptView({ answers: { '101': { answer: { value: true }, seq: 3 } } });
    serveExam(attempt);
    let submitted = false;
    server.use(
      http.post('*/api/student/exams/5/submit', () => {
        submitted = true;
        return HttpResponse.json({
          data: {
            ...attempt,
            status: 'submitted',
            submitted_at: new Date().toISOString(),
            result: { score: 1, max_score: 2, needs_correction: false, questions: null },
          },
        });
      }),
    );
    renderApp('/my-exams/5');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Start the exam' });
    screen.getByRole('button', { name: 'Start the exam' }).focus();
    await user.keyboard('{Enter}');

    // Question 1 is answered: the student lands on question 2, the first not answered (issue 41).
    const map = await screen.findByRole('navigation', { name: 'Questions' });
    await waitFor(async () => expect(await screen.findByRole('heading', { name: named('Question 2') })).toHaveFocus());
    expect(within(map).getByRole('button', { name: named('Question 2, not answered') })).toHaveAttribute(
      'aria-current',
      'step',
    );
    // The map moves by keyboard: to question 1 and back.
    within(map)
      .getByRole('button', { name: named('Question 1, answered') })
      .focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: named('Question 1') })).toHaveFocus();
    within(map)
      .getByRole('button', { name: named('Question 2, not answered') })
      .focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: named('Question 2') })).toHaveFocus();
    expect(within(map).getByRole('button', { name: named('Question 2, not answered') })).toHaveAttribute(
      'aria-current',
      'step',
    );

    // Flag it by keyboard, then go to the submit page.
    screen.getByRole('button', { name: 'Flag for review' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Flag for review' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(map).getByRole('button', { name: named('Question 2, not answered, flagged') })).toBeInTheDocument();
    screen.getAllByRole('button', { name: 'Review and submit' }).at(-1)!.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Review and submit', level: 2 })).toHaveFocus();
    const unanswered = screen.getByRole('list', { name: 'Not answered' });
    expect(within(unanswered).getByRole('button', { name: named('Question 2') })).toBeInTheDocument();

    screen.getByRole('button', { name: 'Submit exam' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Submit the exam?' });
    expect(unisolated(dialog.textContent ?? '')).toMatch(/1 question is not answered/);
    expect(within(dialog).getByRole('button', { name: 'Keep working' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(submitted).toBe(false);

    screen.getByRole('button', { name: 'Submit exam' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Submit the exam?' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('result-score')).toHaveTextContent('You scored 1 out of 2');
    expect(submitted).toBe(true);
  });
});
