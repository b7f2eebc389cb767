import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CoreAdminContext } from 'react-admin';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { studentView } from '../../../src/common/questions';
import { ANSWER_VIEWS } from '../../../src/client/questions';
import { ContentDirection } from '../../../src/client/rich-text';
import { SaveStatus } from '../../../src/client/student/player/SaveStatus';
import { createI18nProvider } from '../../../src/client/providers/i18nProvider';
import type { SyncStatus } from '../../../src/client/student/sync/answerQueue';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { attemptView, named, serveExam, signInStudent, studentExam, unisolated } from './support';

/** The student's player for keyboard and screen-reader users (WCAG 2.2 AA), in both languages. */

const inAdmin = (ui: ReactNode, language: 'en' | 'ar') => (
  <CoreAdminContext i18nProvider={createI18nProvider(language)}>{ui}</CoreAdminContext>
);

const question = (
  id: number,
  answer_type: AttemptView['questions'][number]['answer_type'],
  view: unknown,
  overrides: Partial<AttemptView['questions'][number]> = {},
) => ({ ...attemptView().questions[0]!, id, position: id, answer_type, view, ...overrides });
type AttemptView = ReturnType<typeof attemptView>;

describe('focus in the player', () => {
  it('lands on question 1 after Start, skips to the questions, and on the result after Submit', async () => {
    signInStudent();
    const attempt = attemptView();
    serveExam(attempt);
    server.use(
      http.post('*/api/student/exams/5/submit', () =>
        HttpResponse.json({
          data: {
            ...attempt,
            status: 'submitted',
            submitted_at: new Date().toISOString(),
            result: {
              released: true,
              score: 1,
              max_score: 2,
              mark: null,
              max_mark: null,
              passed: null,
              needs_correction: false,
              answers_pending: false,
              questions: null,
            },
          },
        }),
      ),
    );
    renderApp('/my-exams/5');
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Start the exam' })).focus();
    await user.keyboard('{Enter}');
    const first = await screen.findByRole('heading', { name: named('Question 1'), level: 2 });
    await waitFor(() => expect(first).toHaveFocus());
    // Its kind is its description: said with the heading.
    expect(first).toHaveAccessibleDescription('True / false');

    // The skip link is the first stop of the page and takes the focus back to the questions.
    const skip = screen.getByRole('link', { name: 'Skip to the questions' });
    skip.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveFocus();

    screen.getAllByRole('button', { name: 'Review and submit' }).at(-1)!.focus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Submit exam' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Submit the exam?' });
    within(dialog).getByRole('button', { name: 'Submit' }).focus();
    await user.keyboard('{Enter}');
    const result = await screen.findByRole('heading', { name: 'Your exam has been submitted: your result' });
    await waitFor(() => expect(result).toHaveFocus());
  });

  it('keeps flags with the attempt on the server and shows those the server holds', async () => {
    signInStudent();
    const attempt = attemptView({ flags: [102] });
    serveExam(attempt);
    const puts = recorder();
    server.use(
      http.put('*/api/student/exams/5/flags', async ({ request }) => {
        puts.record(request);
        return HttpResponse.json({ data: { flags: ((await request.json()) as { flags: number[] }).flags } });
      }),
    );
    renderApp('/my-exams/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start the exam' }));
    const map = await screen.findByRole('navigation', { name: 'Questions' });
    // Flagged on another computer: flagged here too.
    expect(within(map).getByRole('button', { name: named('Question 2, not answered, flagged') })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Flag for review' }));
    await waitFor(() => expect(puts.requests).toHaveLength(1));
    expect(await puts.requests[0]!.json()).toEqual({ attempt_id: attempt.id, flags: [102, 101] });
  });
});

describe('the save status', () => {
  it('shows every state but announces only trouble and the recovery from it', () => {
    const { rerender } = render(inAdmin(<SaveStatus status="saved" />, 'en'));
    const announced = () => screen.getByRole('status').textContent;
    const show = (status: SyncStatus) => rerender(inAdmin(<SaveStatus status={status} />, 'en'));
    for (const status of ['saving', 'saved', 'saving', 'saved'] as const) {
      show(status);
      expect(screen.getByTestId('save-status')).toHaveAttribute('data-status', status);
      expect(announced()).toBe('');
    }
    show('saving');
    show('offline');
    expect(announced()).toMatch(/^Offline/);
    expect(screen.getByTestId('save-status')).toHaveTextContent(/^Offline/);
    show('saving');
    expect(announced()).toMatch(/^Offline/);
    show('saved');
    expect(announced()).toBe('Connection restored: all answers saved');
    show('saving');
    show('saved');
    expect(announced()).toBe('Connection restored: all answers saved');
    show('rejected');
    expect(announced()).toBe('The server refused an answer: change it and it will be sent again');
  });
});

describe('mixed directions', () => {
  const essay = (language: 'en' | 'ar', content: 'en' | 'ar') => {
    const Essay = ANSWER_VIEWS.essay;
    const Blanks = ANSWER_VIEWS.fill_blanks;
    const before = content === 'ar' ? 'القطة' : 'The cat';
    return render(
      inAdmin(
        <ContentDirection language={content}>
          <Essay view={{ max_words: 60 }} answer={null} onChange={() => undefined} language={content} />
          <Blanks
            view={studentView('fill_blanks', { blanks: [{ id: 'b1', before, answer: 'x', after: '' }] })}
            answer={null}
            onChange={() => undefined}
            language={content}
          />
        </ContentDirection>,
        language,
      ),
    );
  };

  it.each([
    ['en', 'ar', '0 of 60 words', 'Blank 1, after “القطة”'],
    ['ar', 'en', '0 من 60 كلمةً', 'الفراغ 1، بعد «The cat»'],
  ] as const)(
    'interface %s, content %s: the counter and the blank read in order',
    (language, content, count, blank) => {
      essay(language, content);
      const counter = screen.getByTestId('word-count');
      // The interface's words carry its language and direction inside the content's container...
      const ui = counter.closest('[lang]')!;
      expect(ui).toHaveAttribute('lang', language);
      expect(ui).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      expect(counter.closest(`[lang="${content}"]`)).not.toBeNull();
      // ...and every value is isolated, so the logical order is the reading order.
      expect(counter.textContent).toBe(count.replace(/(\d+)/g, '\u2068$1\u2069'));
      expect(unisolated(counter.textContent!)).toBe(count);
      const input = screen.getByRole('textbox', { name: named(blank) });
      expect(input).toHaveAttribute('dir', content === 'ar' ? 'rtl' : 'ltr');
      expect(input).toHaveAttribute('lang', content);
      const label = document.querySelector(`label[for="${input.id}"] [lang]`)!;
      expect(label).toHaveAttribute('lang', language);
      expect(label.textContent).toContain(`\u2068${content === 'ar' ? 'القطة' : 'The cat'}\u2069`);
    },
  );

  it('announces the word limit when a keystroke is refused', () => {
    const Essay = ANSWER_VIEWS.essay;
    render(
      inAdmin(
        <Essay view={{ max_words: 2 }} answer={{ text: 'one two' }} onChange={() => undefined} language="en" />,
        'en',
      ),
    );
    const said = screen.getByTestId('word-limit-status');
    expect(said).toHaveAttribute('role', 'status');
    expect(said).toHaveTextContent('');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'one two three' } });
    expect(unisolated(said.textContent!)).toBe('Word limit reached: at most 2 words');
  });
});

describe('questions named by their content', () => {
  it('says each kind, names controls by content, numbers paragraph parts after the question, and shows the picture with its alt text', async () => {
    signInStudent();
    const attempt = attemptView({
      questions_per_page: 0,
      questions: [
        question(
          201,
          'reordering',
          studentView('reordering', {
            items: [
              { id: 'i1', text: '<p>the cat</p>' },
              { id: 'i2', text: '<p>the dog</p>' },
            ],
          }),
          {
            media_type: 'image',
            media: 'media/p.png',
            media_url: '/api/media/p.png',
            media_alt: 'A house beside a green tree',
          },
        ),
        question(
          202,
          'matching',
          studentView('matching', {
            pairs: [
              { id: 'p1', left: '<p>dog</p>', right_id: 'r1', right: '<p>puppy</p>' },
              { id: 'p2', left: '<p>cat</p>', right_id: 'r2', right: '<p>kitten</p>' },
            ],
          }),
        ),
        question(
          203,
          'paragraph',
          studentView('paragraph', {
            passage: '<p>A passage</p>',
            children: [
              {
                id: 'c1',
                kind: 'true_false',
                text: '<p>First</p>',
                mark: 1,
                mark_option: 'all_or_nothing',
                definition: { correct: true },
              },
              {
                id: 'c2',
                kind: 'true_false',
                text: '<p>Second</p>',
                mark: 1,
                mark_option: 'all_or_nothing',
                definition: { correct: false },
              },
            ],
          }),
          { mark: 2 },
        ),
      ],
    });
    serveExam(attempt);
    renderApp('/my-exams/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start the exam' }));
    expect(await screen.findByRole('heading', { name: named('Question 1') })).toHaveAccessibleDescription('Reordering');
    expect(screen.getByRole('heading', { name: named('Question 2') })).toHaveAccessibleDescription('Matching');
    expect(screen.getByRole('heading', { name: named('Question 3') })).toHaveAccessibleDescription(
      'Paragraph with related questions',
    );
    expect(screen.getByRole('button', { name: named('Move “the cat” down') })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: named('Match for “dog”') })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: named('Question 3, part 2') })).toBeInTheDocument();
    const picture = screen.getByRole('img', { name: 'A house beside a green tree' });
    // Its box is kept before the file arrives: no layout shift.
    expect(picture).toHaveAttribute('width');
    expect(picture).toHaveAttribute('height');
    act(() => undefined);
  });

  it('shows the marked result: the mark on the exam\'s scale with its points, and no "may change" (issue 41)', async () => {
    signInStudent();
    const result = (overrides: Partial<NonNullable<AttemptView['result']>>): AttemptView['result'] => ({
      released: true,
      score: 10.5,
      max_score: 17,
      mark: 25,
      max_mark: 40,
      passed: true,
      needs_correction: false,
      answers_pending: false,
      questions: null,
      ...overrides,
    });
    let shown = attemptView({ status: 'submitted', result: result({}) });
    server.use(http.get('*/api/student/exams/5/attempt', () => HttpResponse.json({ data: shown })));
    const { unmount } = renderApp('/my-exams/5/result');
    expect(await screen.findByTestId('result-score')).toHaveTextContent('Your mark: 25 out of 40');
    expect(screen.getByTestId('result-points')).toHaveTextContent('Points: 10.5 of 17');
    expect(screen.queryByText(/your score may change/)).toBeNull();
    unmount();

    // Still being marked: the points so far, and that a teacher is marking.
    shown = attemptView({
      status: 'submitted',
      result: result({ score: 4, mark: null, max_mark: null, passed: null, needs_correction: true }),
    });
    renderApp('/my-exams/5/result');
    expect(await screen.findByTestId('result-score')).toHaveTextContent('Score so far: 4 out of 17');
    expect(screen.getByText(/your score may change/)).toBeInTheDocument();
    expect(screen.queryByTestId('result-points')).toBeNull();
  });

  it('lands a resuming student on the first question they have not answered, on its page, the clock in view (issue 41)', async () => {
    signInStudent();
    const attempt = attemptView({ answers: { '101': { answer: { value: true }, seq: 1 } } });
    serveExam(attempt, studentExam({ status: 'in_progress', attempts: 1 }));
    renderApp('/my-exams/5');
    const user = userEvent.setup();
    const begin = await screen.findByRole('button', { name: /Start the exam|Resume/ });
    begin.focus();
    await user.keyboard('{Enter}');
    const second = await screen.findByRole('heading', { name: named('Question 2'), level: 2 });
    await waitFor(() => expect(second).toHaveFocus());
    expect(screen.queryByRole('heading', { name: named('Question 1'), level: 2 })).toBeNull();
    // The clock sits in its own sticky box, not in the title's row that scrolls away.
    expect(screen.getByTestId('player-clock')).toContainElement(screen.getByRole('timer'));
  });

  it('returns a tab that was in the player to it when the page is rebuilt (a change of language), never to the start page (issue 41)', async () => {
    signInStudent();
    const attempt = attemptView();
    serveExam(attempt, studentExam({ status: 'in_progress', attempts: 1, time_left_seconds: 1500 }));
    // First arrival at a running attempt: the start page, with the time left rather than the duration.
    const first = renderApp('/my-exams/5');
    expect(await screen.findByTestId('start-instruction-timer')).toHaveTextContent(
      'Your exam has started and its clock is running: 25 minutes left.',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await screen.findByRole('timer');
    first.unmount();
    // The page reloads for a change of language in the same tab: straight back to the questions.
    sessionStorage.setItem('ltm-language-reload', '/my-exams/5');
    renderApp('/my-exams/5', 'ar');
    expect(await screen.findByRole('timer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تابع' })).toBeNull();
    sessionStorage.clear();
  });

  it('says "No answer" on the result for an unanswered spoken question, not a recorder', () => {
    signInStudent();
    const attempt = attemptView({
      status: 'submitted',
      questions: [question(301, 'audio_response', { max_duration_seconds: 90 })],
      result: {
        released: true,
        score: 0,
        max_score: 1,
        mark: null,
        max_mark: null,
        passed: null,
        needs_correction: false,
        answers_pending: false,
        questions: [{ question_id: 301, answer: null, correct_answer: null, score: 0, max: 1, needs_manual: false }],
      },
    });
    server.use(http.get('*/api/student/exams/5/attempt', () => HttpResponse.json({ data: attempt })));
    renderApp('/my-exams/5/result');
    return screen.findByTestId('result-no-answer').then((none) => {
      expect(none).toHaveTextContent('No answer');
      expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    });
  });
});
