import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { attemptView, serveExam, signInStudent, studentExam } from './support';

/** Issue 26 in the player: extra time said, a supervisor's changes felt without a reload, the display kept. */
const clockSeconds = () => {
  const text = screen.getByRole('timer').textContent ?? '';
  const latin = text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[^\d:]/g, '');
  return latin.split(':').reduce((total, part) => total * 60 + Number(part), 0);
};

describe('the player on exam day', () => {
  it('says the time includes extra time, at the start and beside the clock, in Arabic', async () => {
    signInStudent();
    const attempt = attemptView({ extra_seconds: 900 });
    serveExam(attempt, studentExam({ extra_seconds: 900 }));
    renderApp('/my-exams/5', 'ar');
    expect(await screen.findByTestId('start-extra-time')).toHaveTextContent(/15.*دقيقة/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'ابدأ الاختبار' }));
    expect(await screen.findByTestId('extra-time-note')).toHaveTextContent(/يشمل وقتك.*15.*دقيقة/);
  });

  it('moves the clock when a save answers a later deadline (a supervisor extended it)', async () => {
    signInStudent();
    const now = Date.now();
    const attempt = attemptView({
      deadline_at: new Date(now + 10 * 60_000).toISOString(),
      server_time: new Date(now).toISOString(),
    });
    serveExam(attempt);
    server.use(
      http.put('*/api/student/exams/5/answers', async ({ request }) => {
        const body = (await request.json()) as { answers: { question_id: number; seq: number }[] };
        return HttpResponse.json({
          data: {
            saved: body.answers.map(({ question_id, seq }) => ({ question_id, seq })),
            server_time: new Date().toISOString(),
            deadline_at: new Date(now + 15 * 60_000).toISOString(),
            extra_seconds: 300,
          },
        });
      }),
    );
    renderApp('/my-exams/5', 'en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start the exam' }));
    await screen.findByRole('timer');
    expect(clockSeconds()).toBeLessThanOrEqual(10 * 60);
    await user.click(await screen.findByRole('radio', { name: 'True' }));
    await waitFor(() => expect(clockSeconds()).toBeGreaterThan(14 * 60), { timeout: 5000 });
    expect(screen.getByTestId('extra-time-note')).toHaveTextContent('Your time includes 5 minutes of extra time.');
  });

  it('shows the result when a supervisor submitted the exam, told by its heartbeat, without a reload', async () => {
    signInStudent();
    const attempt = attemptView();
    serveExam(attempt);
    const submitted = {
      ...attempt,
      status: 'submitted' as const,
      forced: true,
      submitted_at: new Date().toISOString(),
      result: {
        released: false,
        score: null,
        max_score: null,
        mark: null,
        max_mark: null,
        passed: null,
        needs_correction: false,
        answers_pending: false,
        questions: null,
      },
    };
    server.use(
      http.post('*/api/student/exams/5/heartbeat', () =>
        HttpResponse.json({
          data: {
            attempt_id: attempt.id,
            status: 'submitted',
            deadline_at: attempt.deadline_at,
            extra_seconds: 0,
            auto_submitted: false,
            forced: true,
            server_time: new Date().toISOString(),
          },
        }),
      ),
      http.get('*/api/student/exams/5/attempt', () => HttpResponse.json({ data: submitted })),
    );
    renderApp('/my-exams/5', 'en');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start the exam' }));
    expect(await screen.findByTestId('result-forced', undefined, { timeout: 12_000 })).toHaveTextContent(
      'A supervisor submitted your exam',
    );
    expect(screen.getByTestId('result-score')).toHaveTextContent(
      'Your exam has been submitted. Your results will be shown here once they are released.',
    );
  }, 20_000);

  it('goes back to the start, saying why, when a supervisor reset the exam', async () => {
    signInStudent();
    const attempt = attemptView();
    serveExam(attempt);
    server.use(
      http.post('*/api/student/exams/5/heartbeat', () =>
        HttpResponse.json({
          data: {
            attempt_id: null,
            status: 'none',
            deadline_at: null,
            extra_seconds: 0,
            auto_submitted: false,
            forced: false,
            server_time: new Date().toISOString(),
          },
        }),
      ),
    );
    renderApp('/my-exams/5', 'en');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Start the exam' }));
    expect(await screen.findByTestId('supervisor-notice', undefined, { timeout: 12_000 })).toHaveTextContent(
      'A supervisor has reset your exam',
    );
    expect(screen.getByRole('button', { name: 'Start the exam' })).toBeInTheDocument();
  }, 20_000);

  it('keeps the student’s display: larger text and high contrast, saved for them', async () => {
    signInStudent();
    serveExam(attemptView());
    const saved = recorder();
    server.use(
      http.put('*/api/student/preferences', async ({ request }) => {
        saved.record(request);
        return HttpResponse.json({ data: await request.json() });
      }),
    );
    renderApp('/my-exams/5', 'en');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start the exam' }));
    await user.click(await screen.findByRole('button', { name: 'Display' }));
    await user.click(await screen.findByRole('radio', { name: 'Larger' }));
    await waitFor(() => expect(document.documentElement.style.fontSize).toBe('125%'));
    await user.click(screen.getByRole('switch', { name: 'High contrast' }));
    await waitFor(() => expect(saved.requests).toHaveLength(2));
    expect(await saved.requests[1]!.json()).toEqual({ text_size: 'larger', high_contrast: true });
    expect(document.querySelector('[data-contrast="high"]')).not.toBeNull();
  });
});
