import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { signInAuthor } from './support';

const question = (id: number, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  position: id,
  text: `<p>${text}</p>`,
  content_language: 'en',
  mark: 2,
  media_type: 'none',
  media_url: null,
  media_replay_count: 0,
  instruction_audio_url: null,
  answer_type: 'single_choice',
  view: {
    options: [
      { id: 'a', text: '<p>Yes</p>' },
      { id: 'b', text: '<p>No</p>' },
    ],
  },
  ...extra,
});

function servePreview(localization: unknown = null) {
  const calls = recorder();
  server.use(
    http.get('*/api/exams/12/preview', ({ request }) => {
      calls.record(request);
      return HttpResponse.json({
        data: {
          exam: {
            id: 12,
            name_en: 'Reading benchmark',
            name_ar: 'اختبار القراءة',
            questions_per_page: 2,
            duration_minutes: 45,
            total_mark: 6,
            questions_count: 3,
          },
          localization,
          pages: [
            [
              question(1, 'First question'),
              question(2, 'Write about your day', { answer_type: 'essay', view: { max_words: 80 } }),
            ],
            [question(3, 'Third question', { answer_type: 'true_false', view: {} })],
          ],
        },
      });
    }),
  );
  return calls;
}

describe('exam preview', () => {
  it('shows the exam as a student will, page by page, with the clock from the duration', async () => {
    signInAuthor();
    servePreview();
    renderApp('/exams/12/preview');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: 'Preview exam #12', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('preview-clock', {}, { timeout: 5000 })).toHaveTextContent('45:00');
    expect(screen.getByText('Total mark: 6')).toBeInTheDocument();
    expect(screen.getAllByText('Page 1 of 2')).toHaveLength(2);
    const page = screen.getByTestId('preview-page');
    expect(within(page).getByText('First question')).toBeInTheDocument();
    expect(within(page).getByText('Write about your day')).toBeInTheDocument();
    expect(within(page).queryByText('Third question')).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Next' })[0]);
    expect(within(screen.getByTestId('preview-page')).getByText('Third question')).toBeInTheDocument();
    // Numbered across pages, as the student's exam is.
    expect(within(screen.getByTestId('preview-page')).getByText('3.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Next' })[0]).toBeDisabled();
  });

  it('previews a localized exam with its name and countries', async () => {
    signInAuthor();
    const calls = servePreview({ id: 3, name: 'Gulf edition', countries: ['AE', 'EG'] });
    renderApp('/exams/12/localize/preview/3');

    expect(await screen.findByText('Gulf edition, for: United Arab Emirates and Egypt')).toBeInTheDocument();
    expect(new URL(calls.requests[0].url).searchParams.get('exam_localization_id')).toBe('3');
  });
});
