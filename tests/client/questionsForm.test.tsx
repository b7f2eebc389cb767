import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  bankPermissions,
  LOOKUP_IDS,
  LOOKUP_RECORDS,
  questionRecord,
  SAMPLE_DEFINITIONS,
  serveLookups,
} from './questions-support';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { listBody, servePlatforms } from './support/resources';
import { recorder, server } from './support/server';

function setUp(record = questionRecord()) {
  signIn(makeUser(bankPermissions('create', 'edit', 'delete')));
  servePlatforms();
  serveLookups();
  const saves = recorder();
  server.use(
    http.get('*/api/questions-bank', () => HttpResponse.json(listBody([record]))),
    http.get('*/api/questions-bank/:id', () => HttpResponse.json({ data: record })),
  );
  return saves;
}

async function pick(user: UserEvent, label: RegExp, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Pastes into a rich-text field (see questionsEditors.test.tsx on why not type). */
async function fillRich(user: UserEvent, name: string, text: string) {
  await user.click((await screen.findAllByRole('textbox', { name }, { timeout: 5_000 }))[0]);
  await user.paste(text);
}

async function fillClassification(user: UserEvent) {
  await pick(user, /^Question type/, 'Comprehension');
  await pick(user, /^Skill/, 'Reading');
  await pick(user, /^Learning outcome/, 'Finds the main idea');
  await pick(user, /^Difficulty level/, 'Easy');
  await pick(user, /^Cognitive level/, 'Remember');
  await pick(user, /^Depth of knowledge/, 'Recall');
}

async function fillSingleChoice(user: UserEvent) {
  await fillRich(user, 'Question text', 'What is 2 + 2?');
  await fillClassification(user);
  await fillRich(user, 'Option 1', 'Four');
  await fillRich(user, 'Option 2', 'Five');
  await user.click(screen.getByRole('radio', { name: 'Correct answer: Option 1' }));
}

describe('question form', () => {
  it('changes the answer editor with the answer type, and keeps what was typed for each', async () => {
    setUp();
    renderApp('/questions-bank/create');
    const user = userEvent.setup();
    expect(await screen.findByTestId('choice-editor')).toBeInTheDocument();
    await fillRich(user, 'Option 1', 'Kept');
    await pick(user, /^Answer type/, 'Essay');
    expect(screen.getByRole('spinbutton', { name: 'Maximum words' })).toHaveValue(100);
    await pick(user, /^Answer type/, 'Matching');
    expect(screen.getByTestId('matching-editor')).toBeInTheDocument();
    await pick(user, /^Answer type/, 'Paragraph with related questions');
    expect(screen.getByTestId('paragraph-editor')).toBeInTheDocument();
    // A paragraph's mark is its questions' sum, not typed.
    expect(screen.getByTestId('paragraph-mark')).toHaveValue('1');
    expect(screen.getByTestId('paragraph-mark')).toHaveAttribute('readonly');
    await pick(user, /^Answer type/, 'Single choice');
    expect((await screen.findAllByRole('textbox', { name: 'Option 1' }))[0]).toHaveTextContent('Kept');
  });

  it('checks the form with the question schema before sending anything', async () => {
    const saves = setUp();
    server.use(
      http.post(
        '*/api/questions-bank',
        ({ request }) => (saves.record(request), HttpResponse.json({}, { status: 500 })),
      ),
    );
    renderApp('/questions-bank/create');
    const user = userEvent.setup();
    await screen.findByTestId('choice-editor');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('question-form-message')).toHaveTextContent(
      'You need to add / complete question information before saving.',
    );
    expect(screen.getByText('Question text is required')).toBeInTheDocument();
    expect(screen.getByText('Question type is required')).toBeInTheDocument();
    expect(screen.getByText('Learning outcome is required')).toBeInTheDocument();
    expect(screen.getByText('Mark exactly one option as correct')).toBeInTheDocument();
    expect(saves.requests).toHaveLength(0);
  });

  it('creates a question with the selected platform and returns to the list', async () => {
    const saves = setUp();
    server.use(
      http.post('*/api/questions-bank', ({ request }) => {
        saves.record(request);
        return HttpResponse.json({ data: questionRecord({ id: 40 }) }, { status: 201 });
      }),
    );
    renderApp('/questions-bank/create');
    const user = userEvent.setup();
    await fillSingleChoice(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Question created successfully')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/questions-bank'));
    const body = await saves.requests[0].json();
    expect(body).toMatchObject({
      text: '<p>What is 2 + 2?</p>',
      content_language: 'en',
      ...LOOKUP_IDS,
      mark: 1,
      mark_option: 'all_or_nothing',
      media_type: 'none',
      media: null,
      answer_type: 'single_choice',
      platform_id: 1,
    });
    expect(body.answer_key.options.map((o: { text: string; correct: boolean }) => [o.text, o.correct])).toEqual([
      ['<p>Four</p>', true],
      ['<p>Five</p>', false],
    ]);
    expect(saves.requests[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('puts the server’s messages under their inputs and its message on top', async () => {
    const saves = setUp();
    server.use(
      http.post('*/api/questions-bank', ({ request }) => {
        saves.record(request);
        return HttpResponse.json(
          {
            message: 'You need to add / complete question information before saving.',
            errors: {
              'answer_key.options.1.text': ['This option is a duplicate'],
              'answer_key.options': ['Mark exactly one option as correct'],
              learning_outcome_id: ['The learning outcome does not belong to the selected skill'],
            },
          },
          { status: 422 },
        );
      }),
    );
    renderApp('/questions-bank/create');
    const user = userEvent.setup();
    await fillSingleChoice(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Error creating question')).toBeInTheDocument();
    expect(screen.getByTestId('question-form-message')).toHaveTextContent(
      'You need to add / complete question information before saving.',
    );
    const second = screen.getAllByRole('textbox', { name: 'Option 2' })[0];
    expect(document.getElementById(second.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      'This option is a duplicate',
    );
    expect(
      within(screen.getByTestId('choice-editor')).getByText('Mark exactly one option as correct'),
    ).toBeInTheDocument();
    expect(screen.getByText('The learning outcome does not belong to the selected skill')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/questions-bank/create');
  });

  it('loads a question for editing and saves it on its platform', async () => {
    const saves = setUp(
      questionRecord({
        answer_type: 'fill_blanks',
        answer_key: { blanks: [{ id: 'bA', before: 'Salt &amp; pepper', answer: 'sea', after: '' }] },
      }),
    );
    server.use(
      http.put('*/api/questions-bank/:id', async ({ request }) => {
        saves.record(request);
        return HttpResponse.json({ data: questionRecord() });
      }),
    );
    renderApp('/questions-bank/12/edit');
    const user = userEvent.setup();
    // Stored plain text arrives escaped; the author sees it as typed.
    expect(await screen.findByRole('textbox', { name: 'Text before' })).toHaveValue('Salt & pepper');
    expect((await screen.findAllByRole('textbox', { name: 'Question text' }))[0]).toHaveTextContent(
      'Which city is the capital of Egypt?',
    );
    await user.type(screen.getByRole('textbox', { name: 'Text after' }), 'flakes');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Question updated successfully')).toBeInTheDocument();
    const url = new URL(saves.requests[0].url);
    expect(url.pathname).toBe('/api/questions-bank/12');
    expect(url.searchParams.get('platform_id')).toBe('1');
    const body = await saves.requests[0].json();
    expect(body.answer_key).toEqual({
      blanks: [{ id: 'bA', before: 'Salt & pepper', answer: 'sea', after: 'flakes' }],
    });
    expect(body).not.toHaveProperty('skill');
  });

  it('opens a question of the other platform on its platform, at once, instead of bouncing to the list (issue 41)', async () => {
    setUp();
    const reads: (string | null)[] = [];
    server.use(
      http.get('*/api/questions-bank/:id', ({ request }) => {
        const platform = new URL(request.url).searchParams.get('platform_id');
        reads.push(platform);
        // The question is on platform 2; the console has platform 1 selected.
        return platform === '1'
          ? HttpResponse.json({ message: 'Not found' }, { status: 404 })
          : HttpResponse.json({ data: questionRecord({ platform_id: 2 }) });
      }),
    );
    renderApp('/questions-bank/12/edit');
    expect(
      await screen.findByText(
        'This record is on the platform “International Standards Assessment”: the console switched to it.',
      ),
    ).toBeInTheDocument();
    expect((await screen.findAllByRole('textbox', { name: 'Question text' }))[0]).toHaveTextContent(
      'Which city is the capital of Egypt?',
    );
    expect(screen.getByTestId('selected-platform')).toHaveTextContent('International Standards Assessment');
    expect(window.location.pathname).toBe('/questions-bank/12/edit');
    // Refused once, not retried: then found without a platform, then read on its own.
    expect(reads).toEqual(['1', null, '2']);
  });

  it('limits learning outcomes to the chosen skill', async () => {
    setUp();
    const outcomes = recorder();
    server.use(
      http.get('*/api/learning-outcomes', ({ request }) => {
        outcomes.record(request);
        return HttpResponse.json(listBody([LOOKUP_RECORDS['learning-outcomes']]));
      }),
    );
    renderApp('/questions-bank/create');
    const user = userEvent.setup();
    expect(await screen.findByText('Choose a skill first')).toBeInTheDocument();
    await pick(user, /^Skill/, 'Reading');
    await waitFor(() =>
      expect(outcomes.requests.some((r) => new URL(r.url).searchParams.get('filter[skill_id]') === '4')).toBe(true),
    );
  });

  it('previews a stored paragraph question', async () => {
    setUp();
    server.use(
      http.get('*/api/questions-bank/:id/preview', () =>
        HttpResponse.json({
          data: {
            id: 12,
            text: '<p>Read and answer.</p>',
            content_language: 'ar',
            mark: 2,
            media_type: 'none',
            media_url: null,
            media_replay_count: 0,
            instruction_audio_url: null,
            answer_type: 'paragraph',
            view: {
              passage: SAMPLE_DEFINITIONS.paragraph.passage,
              children: [{ id: 'chOne', kind: 'true_false', text: '<p>Salma plants flowers.</p>', mark: 2, view: {} }],
            },
          },
        }),
      ),
    );
    renderApp('/questions-bank/12/preview');
    expect(await screen.findByText('Salma plants flowers.')).toBeInTheDocument();
    expect(screen.getByText('Read and answer.').closest('[dir]')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/questions-bank/12/edit');
  });
});
