import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render';
import { server } from '../support/server';
import { attemptView, serveExam, signInStudent } from './support';

const LAUNCH = 'sebs://assess.example.org/api/seb/exams/9/config.seb';

/** Issue 46: an exam that requires Safe Exam Browser says so at its start, with the link that opens it there. */
describe('an exam that requires Safe Exam Browser', () => {
  for (const [language, begin, said, open] of [
    ['en', 'Start the exam', /opens only in Safe Exam Browser/, 'Open in Safe Exam Browser'],
    ['ar', 'ابدأ الاختبار', /لا يُفتح هذا الاختبار إلا في متصفّح الاختبار الآمن/, 'افتح في متصفّح الاختبار الآمن'],
  ] as const) {
    it(`says so when the server refuses the start, with the launch link, in ${language}`, async () => {
      signInStudent();
      serveExam(attemptView());
      server.use(
        http.post('*/api/student/exams/5/start', () =>
          HttpResponse.json(
            { message: 'refused', data: { safe_exam_browser: { launch_url: LAUNCH } } },
            { status: 403 },
          ),
        ),
      );
      renderApp('/my-exams/5', language);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: begin }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(said);
      expect(within(alert).getByRole('link', { name: open })).toHaveAttribute('href', LAUNCH);
    });
  }

  it('never turns another refusal, or a link of another scheme, into a launch link', async () => {
    signInStudent();
    serveExam(attemptView());
    server.use(
      http.post('*/api/student/exams/5/start', () =>
        HttpResponse.json(
          { message: 'No.', data: { safe_exam_browser: { launch_url: 'javascript:alert(1)' } } },
          { status: 403 },
        ),
      ),
    );
    renderApp('/my-exams/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start the exam' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});
