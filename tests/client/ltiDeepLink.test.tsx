import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../src/client/format';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

/**
 * Issue 46, LTI deep linking: the page a platform sends a teacher to, to choose the exam their
 * course's activity opens. Its answer leaves as a form post of the signed JWT to the platform.
 */
const choice = {
  platform: 'School Moodle',
  line_item: true,
  exams: [
    {
      id: 7,
      name: 'Reading benchmark',
      start_date_time: '2026-06-01 08:00:00',
      end_date_time: '2026-06-30 15:00:00',
      max_mark: 40,
    },
    {
      id: 9,
      name: 'Writing benchmark',
      start_date_time: '2026-07-01 08:00:00',
      end_date_time: '2026-07-15 15:00:00',
      max_mark: 100,
    },
  ],
};
const answer = {
  return_url: 'https://moodle.school.test/mod/lti/contentitem_return.php',
  jwt: 'header.payload.signature',
};

/** What the page posted to the platform: the form's address and its JWT field. */
let posted: { action: string; method: string; jwt: string | null }[] = [];
beforeEach(() => {
  posted = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push({ action: this.action, method: this.method, jwt: new FormData(this).get('JWT') as string | null });
  });
});
afterEach(() => vi.restoreAllMocks());

/** The server's side: the choice (searched by name) and the signed answer; the calls it received. */
function serveChoice() {
  const reads = recorder();
  const choices = recorder();
  server.use(
    http.get('*/api/lti/deep-link', ({ request }) => {
      reads.record(request);
      const q = new URL(request.url).searchParams.get('q');
      return HttpResponse.json(q ? { ...choice, exams: choice.exams.filter((e) => e.name.includes(q)) } : choice);
    }),
    http.post('*/api/lti/deep-link', ({ request }) => {
      choices.record(request);
      return HttpResponse.json(answer);
    }),
  );
  return { reads, choices };
}

describe('LTI deep linking: the exam choice', () => {
  it('lists the open exams, is chosen by keyboard, and posts the signed answer to the platform', async () => {
    const { reads, choices } = serveChoice();
    renderApp('/lti/deep-link');
    expect(
      await screen.findByRole('heading', { name: 'Choose the exam this activity opens', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/School Moodle asks which exam/)).toBeInTheDocument();
    expect(screen.getByText(/gradebook gets a column/)).toBeInTheDocument();
    const list = screen.getByRole('radiogroup', { name: 'Published exams still open' });
    expect(within(list).getAllByRole('radio')).toHaveLength(2);
    expect(
      screen.getByText(
        `${formatDateTime('2026-06-01 08:00:00', 'en')} to ${formatDateTime('2026-06-30 15:00:00', 'en')} · Out of 40`,
      ),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    // Add with nothing chosen: said on the page, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Add to the course' }));
    expect(await screen.findByText('Choose an exam first.')).toBeInTheDocument();
    expect(choices.requests).toHaveLength(0);

    // The keyboard: into the group, the arrow to the next exam, then Add.
    within(list).getAllByRole('radio')[0]!.focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    expect(within(list).getByRole('radio', { name: /Writing benchmark/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add to the course' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(await choices.requests[0]!.json()).toEqual({ exam_id: 9 });
    expect(choices.requests[0]!.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(posted[0]).toEqual({ action: answer.return_url, method: 'post', jwt: answer.jwt });
    expect(screen.getByRole('status')).toHaveTextContent('Returning to your course…');
    expect(reads.requests).toHaveLength(1);
  });

  it('searches as the teacher types, and cancels with no exam', async () => {
    const { reads, choices } = serveChoice();
    renderApp('/lti/deep-link');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search exams' }), 'Writing');
    await waitFor(() => expect(screen.queryByText('Reading benchmark')).toBeNull());
    expect(new URL(reads.requests.at(-1)!.url).searchParams.get('q')).toBe('Writing');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(await choices.requests[0]!.json()).toEqual({ exam_id: null });
  });

  it("shows the server's refusal: an expired choice without the list, an exam no longer open under the list", async () => {
    server.use(
      http.get('*/api/lti/deep-link', () => HttpResponse.json(choice)),
      http.post('*/api/lti/deep-link', () =>
        HttpResponse.json(
          {
            message: 'Invalid input',
            errors: { exam_id: ['That exam is no longer published or open. Choose another.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const first = renderApp('/lti/deep-link');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Reading benchmark/ }));
    await user.click(screen.getByRole('button', { name: 'Add to the course' }));
    expect(await screen.findByText('That exam is no longer published or open. Choose another.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Add to the course' })).toBeEnabled();

    first.unmount();
    server.use(
      http.get('*/api/lti/deep-link', () =>
        HttpResponse.json({ message: 'This choice has expired or was already made.' }, { status: 401 }),
      ),
    );
    renderApp('/lti/deep-link', 'ar');
    expect(await screen.findByRole('alert')).toHaveTextContent('This choice has expired or was already made.');
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('اختر الاختبار الذي يفتحه هذا النشاط');
  });
});
