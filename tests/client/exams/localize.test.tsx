import './richTextDom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { examQuestion, makeExam, signInAuthor } from './support';

const FILL = examQuestion(5, 1, {
  text: '<p>Complete the sentence</p>',
  answer_type: 'fill_blanks',
  answer_key: {
    blanks: [{ id: 'b1', before: 'The cat', after: 'on the mat', answer: 'sat', options: ['sat', 'sit'] }],
  },
});
const PICTURE = examQuestion(7, 3, {
  text: '<p>Look at the picture</p>',
  media_type: 'image',
  media: 'media/cat.png',
  media_url: '/api/media/cat.png',
});
const MATCH = examQuestion(6, 2, {
  text: '<p>Match the words</p>',
  answer_type: 'matching',
  answer_key: {
    pairs: [
      { id: 'p1', left: '<p>Sun</p>', right_id: 'r1', right: '<p>Day</p>' },
      { id: 'p2', left: '<p>Moon</p>', right_id: 'r2', right: '<p>Night</p>' },
    ],
  },
});

function serveLocalizePages(localizations: unknown[] = []) {
  server.use(
    http.get('*/api/exams/12', () => HttpResponse.json({ data: makeExam({ is_published: true }) })),
    http.get('*/api/exams/12/questions', () => HttpResponse.json({ data: [FILL, MATCH] })),
    http.get('*/api/exams/12/localizations', () => HttpResponse.json({ data: localizations })),
  );
}

const questionBox = (id: number) =>
  screen.getAllByTestId('question-translation').find((box) => box.dataset.questionId === String(id))!;

describe('localized exams', () => {
  it('builds translations keyed by exam question id with only the texts, after the important notice', async () => {
    signInAuthor();
    serveLocalizePages();
    const posts = recorder();
    server.use(
      http.post(
        '*/api/exams/12/localizations',
        ({ request }) => (posts.record(request), HttpResponse.json({ data: { id: 3 } }, { status: 201 })),
      ),
    );
    renderApp('/exams/12/localize/Create/0');
    const user = userEvent.setup({ delay: 5 });

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Gulf edition');
    const countries = screen.getByRole('combobox', { name: 'Countries' });
    await user.type(countries, 'United Arab');
    await user.click(await screen.findByRole('option', { name: 'United Arab Emirates' }));
    await user.type(countries, 'Egypt');
    await user.click(await screen.findByRole('option', { name: 'Egypt' }));

    await user.type(within(questionBox(5)).getByRole('textbox', { name: 'Text before blank 1' }), 'القطة');
    await user.click(within(questionBox(6)).getByRole('textbox', { name: 'Pair 1: item' }));
    await user.keyboard('الشمس');
    // The original sits beside each field; the blank's answer and options are never offered.
    expect(within(questionBox(5)).getAllByText('The cat').length).toBeGreaterThan(0);
    expect(within(questionBox(5)).queryByRole('textbox', { name: /answer/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const popup = await screen.findByRole('dialog', { name: 'Save the localized exam' });
    expect(within(popup).getByText('Important notice')).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Save edit' }));

    await waitFor(() => expect(window.location.pathname).toBe('/exams/12/localize'));
    expect(await screen.findByText('Localized exam created successfully')).toBeInTheDocument();
    expect(await posts.requests[0].json()).toEqual({
      name: 'Gulf edition',
      countries: ['AE', 'EG'],
      translations: {
        questions: {
          5: { answer_key: { blanks: [{ id: 'b1', before: 'القطة' }] } },
          6: { answer_key: { pairs: [{ id: 'p1', left: '<p>الشمس</p>' }] } },
        },
      },
    });
    expect(JSON.parse(window.localStorage.getItem('exam_localizations.countries') ?? '[]')).toEqual(['AE', 'EG']);
  });

  it('gives each piece of original text its own direction, not the whole card', async () => {
    signInAuthor();
    serveLocalizePages();
    renderApp('/exams/12/localize/Create/0', 'ar');

    await waitFor(() => expect(screen.getAllByTestId('translation-original').length).toBeGreaterThan(0));
    for (const card of screen.getAllByTestId('translation-original')) {
      expect(card).not.toHaveAttribute('dir');
      expect(card.lastElementChild).toHaveAttribute('dir', 'auto');
    }
  });

  it("shows a question's media to translators without any button to delete or remove it", async () => {
    signInAuthor();
    serveLocalizePages();
    server.use(http.get('*/api/exams/12/questions', () => HttpResponse.json({ data: [PICTURE] })));
    renderApp('/exams/12/localize/Create/0');
    const user = userEvent.setup();

    const box = await screen.findByTestId('question-translation');
    await user.click(within(box).getByRole('button', { name: 'The original question as students see it' }));
    expect(await within(box).findByRole('img')).toHaveAttribute('src', '/api/media/cat.png');
    // The uploaders' own buttons ("Remove", "Remove instruction audio") are nowhere; only the
    // translation editors' "Remove text color" is there, which removes a color, not media.
    const removers = within(box)
      .queryAllByRole('button', { name: /delete|remove/i })
      .filter((button) => !/text colou?r/i.test(button.getAttribute('aria-label') ?? button.textContent ?? ''));
    expect(removers).toEqual([]);
  });

  it('starts a new localized exam from the countries chosen last time and discards on request', async () => {
    window.localStorage.setItem('exam_localizations.countries', JSON.stringify(['JO']));
    signInAuthor();
    serveLocalizePages();
    renderApp('/exams/12/localize/Create/0');
    const user = userEvent.setup();

    expect(await screen.findByRole('button', { name: 'Jordan' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Levant');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(window.location.pathname).toBe('/exams/12/localize'));
  });

  it('lists localized exams with country names and publishes the selected ones', async () => {
    signInAuthor();
    serveLocalizePages([
      {
        id: 3,
        exam_id: 12,
        name: 'Gulf edition',
        countries: ['AE', 'EG'],
        translations: { questions: {} },
        is_published: false,
      },
    ]);
    const posts = recorder();
    server.use(
      http.post('*/api/exam-localizations/publish', ({ request }) => {
        posts.record(request);
        return HttpResponse.json({
          data: [{ id: 3, success: true, status: 200, message: null }],
          meta: { succeeded: 1, failed: 0 },
        });
      }),
    );
    renderApp('/exams/12/localize');
    const user = userEvent.setup();

    expect(await screen.findByText('United Arab Emirates and Egypt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add localized exam' })).toHaveAttribute(
      'href',
      '/exams/12/localize/Create/0',
    );
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/exams/12/localize/preview/3');
    await user.click(screen.getByRole('checkbox', { name: 'Select “Gulf edition”' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Localized exams published: 1.')).toBeInTheDocument();
    expect(await posts.requests[0].json()).toEqual({ exam_localization_ids: [3] });
  });

  it('deletes the selected localized exams with a JSON body after confirmation', async () => {
    signInAuthor();
    serveLocalizePages([
      {
        id: 3,
        exam_id: 12,
        name: 'Gulf edition',
        countries: ['AE'],
        translations: { questions: {} },
        is_published: true,
      },
    ]);
    const deletes = recorder();
    server.use(
      http.delete('*/api/exam-localizations', ({ request }) => {
        deletes.record(request);
        return HttpResponse.json({
          data: [
            {
              id: 3,
              success: false,
              status: 418,
              message: 'Students have started this exam, so it cannot be deleted.',
            },
          ],
          meta: { succeeded: 0, failed: 1 },
        });
      }),
    );
    renderApp('/exams/12/localize');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Localized exams deleted: 0. Failed: 1. #3: Students have started this exam, so it cannot be deleted.',
      ),
    ).toBeInTheDocument();
    expect(await deletes.requests[0].json()).toEqual({ exam_localization_ids: [3] });
  });
});
