import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ANSWER_KINDS, studentView, type AnswerKind } from '../../src/common/questions';
import { QuestionPreview } from '../../src/client/questions';
import type { PreviewQuestion } from '../../src/client/questions/types';
import { renderWithI18n, SAMPLE_DEFINITIONS } from './questions-support';
import { named, unisolated } from './student/support';

function preview(kind: AnswerKind, overrides: Partial<PreviewQuestion> = {}): PreviewQuestion {
  return {
    id: 12,
    text: `<p>Question of type ${kind}</p>`,
    content_language: 'en',
    mark: 2,
    media_type: 'none',
    media_replay_count: 0,
    answer_type: kind,
    // What the server sends: the student view of the definition, never the definition.
    view: studentView(kind, SAMPLE_DEFINITIONS[kind]),
    ...overrides,
  };
}

describe('question preview', () => {
  it.each(ANSWER_KINDS)('shows a %s question with no part of its key in the page', (kind) => {
    const question = preview(kind);
    expect(JSON.stringify(question.view)).not.toMatch(/"correct"|"answer"|"right_id"/);
    const { container } = renderWithI18n(<QuestionPreview question={question} />);
    expect(screen.getByText(`Question of type ${kind}`)).toBeInTheDocument();
    // Nothing chosen in advance, no key text (the blank's answer), no key attribute.
    expect(container.querySelectorAll('input:checked')).toHaveLength(0);
    expect(container.innerHTML).not.toMatch(/azure|data-correct|right_id/);
  });

  it('lets the student try every kind of answer without sending anything', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithI18n(<QuestionPreview question={preview('multiple_choice')} />);
    await user.click(screen.getByRole('checkbox', { name: 'Four' }));
    expect(screen.getByRole('checkbox', { name: 'Four' })).toBeChecked();
    unmount();

    renderWithI18n(<QuestionPreview question={preview('fill_blanks')} />);
    await user.type(screen.getByRole('textbox', { name: named('Blank 1, after “The sky is”') }), 'blue');
    expect(screen.getByText('The sky is')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: named('Blank 1, after “The sky is”') })).toHaveValue('blue');
  });

  it('counts essay words as the server does and refuses words past the maximum', async () => {
    renderWithI18n(<QuestionPreview question={preview('essay')} />);
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Your answer' });
    await user.type(box, 'كتب الطالبُ درسه');
    expect(unisolated(screen.getByTestId('word-count').textContent ?? '')).toContain('3 of 3 words');
    await user.type(box, ' اليوم');
    expect(box).toHaveValue('كتب الطالبُ درسه ');
    expect(unisolated(screen.getByTestId('word-count').textContent ?? '')).toContain(
      'Your answer is longer than 3 words',
    );
  });

  it('reorders items with the move buttons', async () => {
    renderWithI18n(<QuestionPreview question={preview('reordering')} />);
    const items = () =>
      screen.getAllByTestId('reorder-item').map((item) => item.textContent?.replace(/Item \d/g, '').trim());
    const before = items();
    await userEvent.setup().click(screen.getByRole('button', { name: named('Move “Second” up') }));
    expect(items()).toEqual([before[1], before[0], before[2]]);
  });

  it('keeps the focus on "Move up" at the top, so a second Enter moves nothing back (issue 41)', async () => {
    renderWithI18n(<QuestionPreview question={preview('reordering')} />);
    const items = () =>
      screen.getAllByTestId('reorder-item').map((item) => item.textContent?.replace(/Item \d/g, '').trim());
    const before = items();
    const user = userEvent.setup();
    screen.getByRole('button', { name: named('Move “Second” up') }).focus();
    await user.keyboard('{Enter}');
    expect(items()).toEqual([before[1], before[0], before[2]]);
    const up = await screen.findByRole('button', { name: named('Move “Second” up') });
    await vi.waitFor(() => expect(up).toHaveFocus());
    // At the top the button says it is unavailable, and stays where the focus is.
    expect(up).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(items()).toEqual([before[1], before[0], before[2]]);
    expect(up).toHaveFocus();
    // Its way down still works, and the focus follows the item.
    screen.getByRole('button', { name: named('Move “Second” down') }).focus();
    await user.keyboard('{Enter}');
    expect(items()).toEqual(before);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: named('Move “Second” down') })).toHaveFocus());
  });

  it('matches and categorizes with one list per entry', async () => {
    const user = userEvent.setup();
    renderWithI18n(<QuestionPreview question={preview('matching')} />);
    await user.click(screen.getByRole('combobox', { name: named('Match for “Cat”') }));
    await user.click(screen.getByRole('option', { name: 'Kitten' }));
    expect(screen.getByRole('combobox', { name: named('Match for “Cat”') })).toHaveTextContent('Kitten');
  });

  it('lays an Arabic question out right to left, even in the English console', () => {
    renderWithI18n(
      <QuestionPreview question={preview('single_choice', { text: '<p>ما عاصمة مصر؟</p>', content_language: 'ar' })} />,
    );
    const content = screen.getByText('ما عاصمة مصر؟').closest('[dir]');
    expect(content).toHaveAttribute('dir', 'rtl');
    expect(content).toHaveAttribute('lang', 'ar');
  });

  it('shows the paragraph’s passage and each related question', () => {
    renderWithI18n(<QuestionPreview question={preview('paragraph')} />);
    expect(screen.getByTestId('paragraph-passage')).toHaveTextContent('Salma plants a tree every spring.');
    const child = screen.getByRole('region', { name: named('Part 1') });
    expect(within(child).getByText('Salma plants flowers.')).toBeInTheDocument();
    expect(within(child).getByRole('radio', { name: 'True' })).toBeInTheDocument();
  });

  it('plays question audio at most the allowed number of times', async () => {
    renderWithI18n(
      <QuestionPreview
        question={preview('true_false', {
          media_type: 'audio',
          media_url: '/api/media/a.mp3',
          media_replay_count: 2,
          instruction_audio_url: '/api/media/i.webm',
        })}
      />,
    );
    expect(unisolated(screen.getByTestId('plays-left').textContent ?? '')).toContain('Plays left: 2 of 2');
    expect(within(screen.getByTestId('instruction-audio')).getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('never renders markup that could run: scripts, handlers and unknown tags become text or nothing', () => {
    const text =
      '<p>Safe <strong>bold</strong> <span style="color: #c62828; position: fixed">red</span></p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:alert(1)">link</a>';
    const { container } = renderWithI18n(<QuestionPreview question={preview('true_false', { text })} />);
    expect(container.querySelector('img, script, a, [onerror]')).toBeNull();
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(container.querySelector('span[style]')).toHaveAttribute('style', 'color: rgb(198, 40, 40);');
    expect(screen.getByText('link')).toBeInTheDocument();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });
});
