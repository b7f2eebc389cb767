import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AttemptView } from '../../../src/common/contracts/delivery';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { attemptView, serveExam, signInStudent, studentExam, unisolated } from './support';

/**
 * The adaptive player (issue 43): one question at a time; "Confirm and continue" sends the answer
 * (through the answer queue first) and shows the next question the server chose, focused; offline,
 * the answer stays on the computer and the next question follows once the connection is back; at
 * the end, the submission. By keyboard, in English and Arabic.
 */
const question = (id: number): AttemptView['questions'][number] => ({
  ...attemptView().questions[0]!,
  id,
  position: 1,
  text: `<p>Statement ${id}</p>`,
});

function adaptiveAttempt() {
  return attemptView({ questions: [question(101)], adaptive: { answered: 0, finished: false } });
}

/** Saves acknowledged as sent; `next` answers each confirmation in turn (an Error: the network failed). */
function serveAdaptive(attempt: AttemptView, nexts: (AttemptView['questions'][number] | null | Error)[]) {
  serveExam(attempt, studentExam());
  const confirmations = recorder();
  server.use(
    http.put('*/api/student/exams/5/answers', async ({ request }) => {
      const { answers } = (await request.json()) as { answers: { question_id: number; seq: number }[] };
      return HttpResponse.json({
        data: {
          saved: answers.map(({ question_id, seq }) => ({ question_id, seq })),
          server_time: new Date().toISOString(),
          deadline_at: attempt.deadline_at,
          extra_seconds: 0,
        },
      });
    }),
    http.post('*/api/student/exams/5/next', async ({ request }) => {
      confirmations.record(request);
      const next = nexts.shift();
      if (next instanceof Error || next === undefined) return HttpResponse.error();
      const body = (await request.clone().json()) as { question_id: number };
      return HttpResponse.json({
        data: {
          saved: [{ question_id: body.question_id, seq: 1 }],
          server_time: new Date().toISOString(),
          deadline_at: attempt.deadline_at,
          extra_seconds: 0,
          adaptive: { answered: confirmations.requests.length, finished: next === null, question: next },
        },
      });
    }),
  );
  return confirmations;
}

describe('the adaptive player', () => {
  it('shows one question, confirms it by keyboard and focuses the next; at the end, the submission', async () => {
    signInStudent();
    const attempt = adaptiveAttempt();
    const confirmations = serveAdaptive(attempt, [question(205), null]);
    renderApp('/my-exams/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start the exam' }));
    expect(await screen.findByText(/This exam adapts to you/)).toBeInTheDocument();
    expect(screen.getAllByTestId('student-question')).toHaveLength(1);
    // No going back: no question map, no flag, no previous page.
    expect(screen.queryByRole('button', { name: 'Flag for review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'True' }));
    screen.getByRole('button', { name: 'Confirm and continue' }).focus();
    await user.keyboard('{Enter}');
    const second = await screen.findByRole('heading', { name: (name) => unisolated(name) === 'Question 2' });
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(screen.getByText('Statement 205')).toBeInTheDocument();
    expect(unisolated(screen.getByTestId('adaptive-answered').textContent!)).toBe('Questions answered: 1');
    const first = (await confirmations.requests[0]!.json()) as Record<string, unknown>;
    expect(first).toEqual({ attempt_id: attempt.id, question_id: 101, answer: { value: true }, seq: 0 });

    await user.click(screen.getByRole('radio', { name: 'False' }));
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    const done = await screen.findByRole('heading', { name: 'You have answered every question' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByRole('button', { name: 'Submit exam' })).toBeInTheDocument();
  });

  it('offline, keeps the answer and says the next question will follow; it comes once the connection is back', async () => {
    signInStudent();
    const attempt = adaptiveAttempt();
    const confirmations = serveAdaptive(attempt, [new Error('offline'), question(206)]);
    renderApp('/my-exams/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start the exam' }));
    await user.click(await screen.findByRole('radio', { name: 'True' }));
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(
      await screen.findByText(
        'No connection: your answer is kept on this computer, and your next question will follow once the connection is back. Keep this page open.',
      ),
    ).toBeInTheDocument();
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Statement 206')).toBeInTheDocument();
    expect(confirmations.requests).toHaveLength(2);
  });

  it('reads in Arabic, right to left', async () => {
    signInStudent();
    serveAdaptive(adaptiveAttempt(), []);
    renderApp('/my-exams/5', 'ar');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ابدأ الاختبار' }));
    expect(await screen.findByRole('button', { name: 'تأكيد الإجابة والمتابعة' })).toBeInTheDocument();
    expect(unisolated(screen.getByTestId('adaptive-answered').textContent!)).toBe('الأسئلة المُجاب عنها: 0');
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe("an adaptive exam's result", () => {
  const submitted = (scaled: NonNullable<AttemptView['result']>['scaled'], released = true) =>
    attemptView({
      status: 'submitted',
      adaptive: { answered: 12, finished: true },
      result: {
        released,
        score: null,
        max_score: null,
        mark: null,
        max_mark: null,
        passed: null,
        needs_correction: false,
        answers_pending: false,
        questions: null,
        scaled,
      },
    });

  it('is the scaled score with its standard error and level, never a mark, in both languages', async () => {
    signInStudent();
    let shown = submitted({
      name_en: 'Reading scale',
      name_ar: 'مقياس القراءة',
      score: 212,
      se: 3.1,
      level: 'meeting',
    });
    server.use(http.get('*/api/student/exams/5/attempt', () => HttpResponse.json({ data: shown })));
    const { unmount } = renderApp('/my-exams/5/result');
    expect(unisolated((await screen.findByTestId('result-score')).textContent!)).toBe(
      'Your score on the Reading scale: 212 (standard error 3.1)',
    );
    expect(screen.getByTestId('result-level')).toHaveTextContent('Performance level: Meeting');
    expect(screen.queryByTestId('result-points')).toBeNull();
    unmount();

    shown = submitted(null, false);
    const again = renderApp('/my-exams/5/result', 'ar');
    // Not released yet: said so in Arabic, with no number.
    expect(await screen.findByTestId('result-score')).toHaveTextContent('سُلّم اختبارك. ستظهر نتائجك هنا بعد إعلانها.');
    again.unmount();
  });
});
