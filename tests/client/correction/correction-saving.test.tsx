import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render';
import { server } from '../support/server';
import { mark, SCREEN, openCorrection } from './marking-screen';
import {
  AUDIO_ID,
  CHOICE_ID,
  ESSAY_ID,
  makeView,
  serveCorrection,
  serveSave,
  savedView,
  signInCorrector,
  type SentBody,
} from './support';

describe('the correction screen', () => {
  it('saves the changed marks with the version read, and toasts the server message', async () => {
    const saves = serveSave();
    const user = await openCorrection();

    await user.type(mark(ESSAY_ID), '4.5');
    await user.type(screen.getByTestId(`comment-${ESSAY_ID}`), 'Clear ideas');
    await user.type(mark(AUDIO_ID), '9');
    expect(mark(AUDIO_ID).value).toBe('5');
    await user.click(screen.getByTestId(`override-${CHOICE_ID}`));
    await user.type(mark(CHOICE_ID), '1');
    await user.type(screen.getByTestId(`reason-${CHOICE_ID}`), 'Half right');
    expect(screen.getByTestId('correction-unsaved')).toHaveTextContent('Unsaved changes: 3');
    await user.click(screen.getByTestId('correction-save'));

    await waitFor(() => expect(saves.requests).toHaveLength(1));
    expect(await saves.requests[0].json()).toEqual({
      exam_id: 12,
      student_id: 41,
      version: 3,
      corrections: [
        { question_id: ESSAY_ID, part: '', mark: 4.5, comment: 'Clear ideas', reason: null },
        { question_id: AUDIO_ID, part: '', mark: 5, comment: null, reason: null },
        { question_id: CHOICE_ID, part: '', mark: 1, comment: null, reason: 'Half right' },
      ],
    });
    expect(await screen.findByText('Corrections saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('correction-unsaved')).not.toBeInTheDocument());
    expect(mark(ESSAY_ID).value).toBe('4.5');

    // The next save sends the new version and only what changed since.
    await user.clear(mark(ESSAY_ID));
    await user.type(mark(ESSAY_ID), '3');
    await user.click(screen.getByTestId('correction-save'));
    await waitFor(() => expect(saves.requests).toHaveLength(2));
    const second = (await saves.requests[1].json()) as SentBody;
    expect(second.version).toBe(4);
    expect(second.corrections).toEqual([
      { question_id: ESSAY_ID, part: '', mark: 3, comment: 'Clear ideas', reason: null },
    ]);
  });

  it('asks for a reason before sending an override', async () => {
    const saves = serveSave();
    const user = await openCorrection();
    await user.click(screen.getByTestId(`override-${CHOICE_ID}`));
    await user.type(mark(CHOICE_ID), '1');
    await user.click(screen.getByTestId('correction-save'));
    const item = screen.getByRole('group', { name: 'Question 3' });
    expect(await within(item).findByText('Give a reason to override an automatic score.')).toBeInTheDocument();
    expect(saves.requests).toHaveLength(0);
  });

  it('shows a 422 field error under the mark it is about', async () => {
    signInCorrector();
    serveCorrection();
    serveSave(() =>
      HttpResponse.json(
        {
          message: 'The given data was invalid.',
          errors: { 'corrections.0.mark': ['Enter a mark between 0 and 5, with at most two decimals.'] },
        },
        { status: 422 },
      ),
    );
    renderApp(SCREEN);
    const user = userEvent.setup();
    await screen.findByTestId('essay-text');
    await user.type(mark(AUDIO_ID), '2.555');
    await user.click(screen.getByTestId('correction-save'));

    const item = screen.getByRole('group', { name: 'Question 2' });
    expect(
      await within(item).findByText('Enter a mark between 0 and 5, with at most two decimals.'),
    ).toBeInTheDocument();
    expect(mark(AUDIO_ID)).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Error saving corrections')).toBeInTheDocument();
    // The typed mark stays.
    expect(mark(AUDIO_ID).value).toBe('2.555');
  });

  it('after a 409 loads the newer marks, keeps the typed marks that differ, and saves with the new version', async () => {
    signInCorrector();
    serveCorrection();
    const base = makeView();
    // Another save came first: the essay has 3 and the recording 2 now, at version 5.
    const newer = makeView({
      marker: { ...base.marker, version: 5 },
      questions: base.questions.map((q) =>
        q.id === CHOICE_ID
          ? q
          : {
              ...q,
              items: q.items.map((it) => ({
                ...it,
                mine: { mark: q.id === ESSAY_ID ? 3 : 2, comment: q.id === ESSAY_ID ? 'Short' : null, reason: null },
              })),
            },
      ),
    });
    let loads = 0;
    server.use(
      http.get('*/api/exams/12/students/41/correction', () => {
        loads += 1;
        return HttpResponse.json({ data: loads === 1 ? base : newer });
      }),
    );
    const stale =
      'Another marker saved corrections for this student after you opened them. Your changes were not saved: reload to see the latest marks.';
    let answered = 0;
    const saves = serveSave((body) => {
      answered += 1;
      return answered === 1
        ? HttpResponse.json({ message: stale }, { status: 409 })
        : HttpResponse.json({ message: 'Corrections saved successfully', data: savedView(body, newer) });
    });
    renderApp(SCREEN);
    const user = userEvent.setup();
    await screen.findByTestId('essay-text');
    await user.type(mark(ESSAY_ID), '4');
    await user.type(mark(AUDIO_ID), '2');
    await user.click(screen.getByTestId('correction-save'));

    // The newer correction is read at once, without a click.
    await waitFor(() => expect(loads).toBe(2));
    const alert = await screen.findByTestId('correction-conflict');
    await waitFor(() => expect(alert).toHaveTextContent('The latest saved marks are loaded'));
    // The essay's 4 differs from the newer 3 and stays, with the newer mark told; the recording's 2 is now saved.
    expect(mark(ESSAY_ID).value).toBe('4');
    expect(screen.getByTestId(`saved-meanwhile-${ESSAY_ID}`)).toHaveTextContent('Saved meanwhile: 3 — Short');
    // The comment the marker left untouched takes the newer one rather than wiping it.
    expect((screen.getByTestId(`comment-${ESSAY_ID}`) as HTMLTextAreaElement).value).toBe('Short');
    expect(mark(AUDIO_ID).value).toBe('2');
    expect(screen.queryByTestId(`saved-meanwhile-${AUDIO_ID}`)).not.toBeInTheDocument();
    expect(screen.getByTestId('correction-unsaved')).toHaveTextContent('Unsaved changes: 1');

    await user.click(screen.getByTestId('correction-save'));
    await waitFor(() => expect(saves.requests).toHaveLength(2));
    expect(((await saves.requests[0].json()) as SentBody).version).toBe(3);
    const second = (await saves.requests[1].json()) as SentBody;
    expect(second.version).toBe(5);
    expect(second.corrections).toEqual([{ question_id: ESSAY_ID, part: '', mark: 4, comment: 'Short', reason: null }]);
    expect(await screen.findByText('Corrections saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('correction-conflict')).not.toBeInTheDocument());
    expect(screen.queryByTestId(`saved-meanwhile-${ESSAY_ID}`)).not.toBeInTheDocument();
    expect(mark(ESSAY_ID).value).toBe('4');
  });

  it('keeps the typed marks when the newer marks cannot be read after a 409, and reads them on request', async () => {
    signInCorrector();
    serveCorrection();
    let loads = 0;
    server.use(
      http.get('*/api/exams/12/students/41/correction', () => {
        loads += 1;
        return loads === 2
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ data: makeView({ marker: { ...makeView().marker, version: 4 } }) });
      }),
    );
    serveSave(() => HttpResponse.json({ message: 'Stale.' }, { status: 409 }));
    renderApp(SCREEN);
    const user = userEvent.setup();
    await screen.findByTestId('essay-text');
    await user.type(mark(ESSAY_ID), '2');
    await user.click(screen.getByTestId('correction-save'));

    await waitFor(() => expect(loads).toBe(2));
    const alert = await screen.findByTestId('correction-conflict');
    expect(alert).toHaveTextContent('Stale.');
    expect(mark(ESSAY_ID).value).toBe('2');
    await user.click(within(alert).getByRole('button', { name: 'Reload the latest marks' }));
    await waitFor(() => expect(loads).toBe(3));
    await waitFor(() =>
      expect(screen.getByTestId('correction-conflict')).toHaveTextContent('The latest saved marks are loaded'),
    );
    expect(mark(ESSAY_ID).value).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('correction-conflict')).not.toBeInTheDocument();
  });

  it('saves with Ctrl+S, moves with Alt+Page Down, and asks before leaving unsaved marks', async () => {
    const saves = serveSave();
    const user = await openCorrection();

    await user.type(mark(ESSAY_ID), '3');
    fireEvent.keyDown(mark(ESSAY_ID), { key: 's', code: 'KeyS', ctrlKey: true });
    await waitFor(() => expect(saves.requests).toHaveLength(1));
    expect(((await saves.requests[0].json()) as SentBody).corrections).toEqual([
      { question_id: ESSAY_ID, part: '', mark: 3, comment: null, reason: null },
    ]);
    await waitFor(() => expect(screen.queryByTestId('correction-unsaved')).not.toBeInTheDocument());

    // Alt+↓ goes to the next mark.
    fireEvent.keyDown(mark(ESSAY_ID), { key: 'ArrowDown', altKey: true });
    expect(mark(AUDIO_ID)).toHaveFocus();

    await user.type(mark(AUDIO_ID), '2');
    fireEvent.keyDown(document.body, { key: 'PageDown', altKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved marks' });
    expect(window.location.pathname).toBe('/exams/12/preview/students/41/correction');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(window.location.pathname).toBe('/exams/12/preview/students/42/correction'));
    expect(saves.requests).toHaveLength(2);
  });
});
