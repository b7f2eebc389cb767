import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleAuthProvider } from '../../../src/client/consoleAuth';
import { idbAnswerStore, idbRecordingStore } from '../../../src/client/student/sync/idbStore';
import { renderApp } from '../support/render';
import { server } from '../support/server';
import { attemptView, serveExam, signInStudent } from './support';

/**
 * Issue 23, shared school computers: a student's answers, recordings and flags stay on the computer
 * only until the server holds them; signing out forgets them (warning first about what is unsent),
 * with the service worker's copies of their reads.
 */
const deleted: string[] = [];
beforeEach(() => {
  deleted.length = 0;
  vi.stubGlobal('caches', {
    delete: async (name: string) => {
      deleted.push(name);
      return true;
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

/** Answers the save with what was sent, or fails like a dropped connection. */
function serveAnswers(attempt: ReturnType<typeof attemptView>, online: () => boolean) {
  server.use(
    http.put('*/api/student/exams/5/answers', async ({ request }) => {
      if (!online()) return HttpResponse.error();
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
}

async function startAndAnswer(language: 'en' | 'ar' = 'en') {
  const user = userEvent.setup();
  renderApp('/my-exams/5', language);
  await user.click(await screen.findByRole('button', { name: language === 'en' ? 'Start the exam' : 'ابدأ الاختبار' }));
  await user.click(await screen.findByRole('radio', { name: language === 'en' ? 'True' : 'صواب' }));
  return user;
}

async function openSignOut(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('user-menu'));
  await user.click(await screen.findByTestId('logout'));
  return screen.findByRole('dialog');
}

describe('on a shared computer', () => {
  it("forgets the attempt's answers and flags once the server has taken the submission", async () => {
    signInStudent();
    const attempt = attemptView();
    serveExam(attempt);
    serveAnswers(attempt, () => true);
    server.use(
      http.post('*/api/student/exams/5/submit', () =>
        HttpResponse.json({
          data: {
            ...attempt,
            status: 'submitted',
            submitted_at: new Date().toISOString(),
            result: { score: 1, max_score: 2, needs_correction: false, answers_pending: true, questions: null },
          },
        }),
      ),
    );
    const user = await startAndAnswer();
    await user.click(screen.getByRole('button', { name: 'Flag for review' }));
    await waitFor(async () => expect(await idbAnswerStore().list(attempt.id)).toHaveLength(1));
    expect(window.localStorage.getItem(`student-flags:${attempt.id}`)).not.toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'Review and submit' }).at(-1)!);
    await user.click(await screen.findByRole('button', { name: 'Submit exam' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('result-score')).toHaveTextContent('You scored 1 out of 2');
    expect(screen.getByTestId('result-answers-pending')).toHaveTextContent(
      'The right answers will be shown here once this exam has closed for everyone who sits it.',
    );
    expect(await idbAnswerStore().list(attempt.id)).toEqual([]);
    expect(window.localStorage.getItem(`student-flags:${attempt.id}`)).toBeNull();
  });

  it.each([
    ['en', 'Answers not sent yet', /answers and recordings not sent: 2\)/, 'Sign out anyway'],
    ['ar', 'إجابات لم تُرسَل بعد', /الإجابات والتسجيلات غير المرسلة: 2\)/, 'تسجيل الخروج على أي حال'],
  ] as const)(
    'warns (%s) before a sign-out loses answers not sent yet, then forgets everything',
    async (language, title, text, confirm) => {
      signInStudent();
      const attempt = attemptView();
      serveExam(attempt);
      serveAnswers(attempt, () => false);
      let signedOut = false;
      server.use(
        http.post('*/api/logout', () => {
          signedOut = true;
          return new HttpResponse(null, { status: 204 });
        }),
      );
      const user = await startAndAnswer(language);
      await idbRecordingStore().put({
        attempt_id: attempt.id + 1,
        question_id: 3,
        label: 'exams/questions/3/audio_responses',
        blob: new Blob(['x']),
        duration_seconds: 2,
      });
      await waitFor(async () => expect(await idbAnswerStore().list(attempt.id)).toHaveLength(1));
      const dialog = await openSignOut(user);
      expect(within(dialog).getByRole('heading', { name: title })).toBeInTheDocument();
      // The answer and another attempt's recording: two pieces of work not on the server.
      expect(dialog.textContent).toMatch(text);
      await user.click(within(dialog).getByRole('button', { name: confirm }));
      await waitFor(() => expect(signedOut).toBe(true));
      expect(await idbAnswerStore().list(attempt.id)).toEqual([]);
      expect(await idbRecordingStore().list(attempt.id + 1)).toEqual([]);
      expect(deleted).toContain('ltm-student-api');
    },
  );

  it('signs out with the usual question when the server holds everything, and keeps nothing', async () => {
    signInStudent();
    const attempt = attemptView();
    serveExam(attempt);
    serveAnswers(attempt, () => true);
    const user = await startAndAnswer();
    await waitFor(async () =>
      expect(await idbAnswerStore().list(attempt.id)).toEqual([expect.objectContaining({ synced_seq: 1 })]),
    );
    const dialog = await openSignOut(user);
    expect(within(dialog).getByText('Are you sure you want to log out?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await waitFor(async () => expect(await idbAnswerStore().list(attempt.id)).toEqual([]));
    // The sign-out goes on after the stores are empty: the service worker's copies, then the session.
    await waitFor(() => expect(deleted).toContain('ltm-student-api'));
    await waitFor(() => expect(window.localStorage.getItem('user')).toBeNull());
  });

  it('keeps only what the server has not taken when the session ends without the student signing out', async () => {
    signInStudent();
    const store = idbAnswerStore();
    await store.put({ attempt_id: 77, question_id: 1, answer: { value: true }, seq: 2, synced_seq: 2 });
    await store.put({ attempt_id: 77, question_id: 2, answer: { value: false }, seq: 3, synced_seq: 1 });
    window.localStorage.setItem('student-flags:77', '[1]');
    await consoleAuthProvider().logout(undefined);
    expect(await store.list(77)).toEqual([expect.objectContaining({ question_id: 2, seq: 3 })]);
    expect(window.localStorage.getItem('student-flags:77')).toBeNull();
    expect(deleted).toContain('ltm-student-api');
  });
});

describe('a running exam', () => {
  it('uses the session every few minutes, so reading a long passage is not idleness', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { useSessionKeepAlive } = await import('../../../src/client/student/player/useSessionKeepAlive');
    let reads = 0;
    server.use(
      http.get('*/api/user', () => {
        reads++;
        return HttpResponse.json({ data: {} });
      }),
    );
    const { unmount } = renderHook(() => useSessionKeepAlive(50));
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(2));
    unmount();
    const after = reads;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(reads).toBe(after);
  });
});
