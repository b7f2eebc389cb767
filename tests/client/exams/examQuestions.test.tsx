import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../support/render';
import { listBody } from '../support/resources';
import { recorder, server } from '../support/server';
import { examQuestion, lastQuery, makeExam, serveLookups, signInAuthor } from './support';

const QUESTIONS = [
  examQuestion(1, 1),
  examQuestion(2, 2, { answer_type: 'essay', answer_key: { max_words: 50 } }),
  examQuestion(3, 3),
];

function serveEditPage(questions = QUESTIONS) {
  serveLookups();
  server.use(
    http.get('*/api/exams/12', () => HttpResponse.json({ data: makeExam() })),
    http.get('*/api/exam-restriction/check', () => HttpResponse.json({ data: { editable: true, message: null } })),
    http.get('*/api/exams/12/questions', () => HttpResponse.json({ data: questions })),
  );
}

/**
 * jsdom has no layout: give each question row a place in a column so dnd-kit's keyboard
 * sensor can find the row below or above the one it moves.
 */
const realRect = HTMLElement.prototype.getBoundingClientRect;
beforeEach(() => {
  HTMLElement.prototype.getBoundingClientRect = function rect(this: HTMLElement) {
    const row = this.closest<HTMLElement>('[data-testid="exam-question"]');
    if (!row || row !== this) return realRect.call(this);
    const index = Array.from(row.parentElement?.children ?? []).indexOf(row);
    return {
      x: 0,
      y: index * 60,
      top: index * 60,
      left: 0,
      width: 600,
      height: 50,
      right: 600,
      bottom: index * 60 + 50,
      toJSON: () => ({}),
    } as DOMRect;
  };
});
afterEach(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
});

const order = () => screen.getAllByTestId('exam-question').map((row) => Number(row.dataset.questionId));

describe('questions inside the exam form', () => {
  it('reorders by keyboard with the drag handle, sends the new order and says so', async () => {
    signInAuthor();
    serveEditPage();
    const puts = recorder();
    server.use(
      http.put('*/api/exams/12/questions/reorder', async ({ request }) => {
        puts.record(request);
        const { question_ids } = (await request.clone().json()) as { question_ids: number[] };
        return HttpResponse.json({
          data: question_ids.map(
            (id, index) =>
              QUESTIONS.find((q) => q.id === id) && { ...QUESTIONS.find((q) => q.id === id)!, position: index + 1 },
          ),
        });
      }),
    );
    renderApp('/exams/12/edit');
    const user = userEvent.setup();

    const handle = await screen.findByRole('button', { name: 'Reorder question 1' });
    // Each row names its answer type as the questions bank does.
    expect(within(screen.getAllByTestId('exam-question')[1]).getByText('Essay')).toBeInTheDocument();
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');

    expect(await screen.findByText('Questions reordered successfully')).toBeInTheDocument();
    expect(await puts.requests[0].json()).toEqual({ question_ids: [2, 1, 3] });
    expect(order()).toEqual([2, 1, 3]);
  });

  it('reorders with the move buttons too, and puts the order back when the server refuses', async () => {
    signInAuthor();
    serveEditPage();
    server.use(
      http.put('*/api/exams/12/questions/reorder', () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    renderApp('/exams/12/edit');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Move question 3 up' }));
    expect(await screen.findByText('Error reordering questions')).toBeInTheDocument();
    expect(order()).toEqual([1, 2, 3]);
  });

  it("lists bank questions of the exam's platform and skills and assigns the chosen ones", async () => {
    signInAuthor();
    serveEditPage([]);
    const bank = recorder();
    const assign = recorder();
    server.use(
      http.get('*/api/questions-bank', ({ request }) => {
        bank.record(request);
        return HttpResponse.json(
          listBody([
            {
              id: 201,
              text: '<p>Find the main idea</p>',
              answer_type: 'single_choice',
              mark: 2,
              skill_id: 31,
              skill: { id: 31, name_en: 'Reading', name_ar: 'القراءة' },
            },
            {
              id: 202,
              text: '<p>Order the events</p>',
              answer_type: 'reordering',
              mark: 3,
              skill_id: 31,
              skill: { id: 31, name_en: 'Reading', name_ar: 'القراءة' },
            },
          ]),
        );
      }),
      http.post('*/api/exams/12/questions/assign', async ({ request }) => {
        assign.record(request);
        return HttpResponse.json({
          data: [
            examQuestion(7, 1, { source_question_id: 202, text: '<p>Order the events</p>', answer_type: 'reordering' }),
          ],
        });
      }),
    );
    renderApp('/exams/12/edit');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add from questions bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add from questions bank' });
    await within(dialog).findByText('Order the events');
    // Each clipped line takes its text's own direction: in the Arabic console an English question is
    // cut at its end, not its beginning (issue 41).
    for (const line of within(dialog).getAllByTestId('bank-text')) expect(line).toHaveAttribute('dir', 'auto');
    expect(Object.fromEntries(lastQuery(bank))).toMatchObject({ platform_id: '1', 'filter[skill_id]': '31' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select the question “Order the events”' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add selected (1)' }));

    expect(await screen.findByText('Questions added to the exam')).toBeInTheDocument();
    expect(await assign.requests[0].json()).toEqual({ question_ids: [202] });
    await waitFor(() => expect(order()).toEqual([7]));
  });

  it('removes a question after confirmation', async () => {
    signInAuthor();
    serveEditPage();
    server.use(http.delete('*/api/exams/12/questions/2', () => HttpResponse.json({ data: QUESTIONS[1] })));
    renderApp('/exams/12/edit');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove question 2' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove question' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Question removed from the exam')).toBeInTheDocument();
    expect(order()).toEqual([1, 3]);
  });
});
