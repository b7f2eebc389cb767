import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  ANSWER_KINDS,
  isAnswerId,
  paragraphMark,
  parseQuestion,
  validateDefinition,
  type AnswerDefinitions,
  type AnswerKind,
} from '../../src/common/questions';
import { paragraph } from '../../src/common/questions/types/paragraph';
import { ANSWER_EDITORS, emptyDefinition, type AnswerEditorProps } from '../../src/client/questions/editors';
import { firstBlankOptions } from '../../src/client/questions/editors/emptyDefinitions';
import { LOOKUP_IDS, renderWithI18n } from './questions-support';

let last: unknown;

function Harness({ kind, errors = {} }: { kind: AnswerKind; errors?: Record<string, string> }) {
  const [value, setValue] = useState<AnswerDefinitions[AnswerKind]>(() => emptyDefinition(kind));
  const Editor = ANSWER_EDITORS[kind] as ComponentType<AnswerEditorProps>;
  last = value;
  return (
    <Editor value={value} onChange={(next) => setValue(next)} error={(path) => errors[path.join('.')]} language="en" />
  );
}

/**
 * Puts text into a rich-text field. jsdom has no layout, and ProseMirror, which reads typed
 * characters back from the DOM, can drop some of them there; a paste goes through its own
 * handler and arrives whole. Typing itself is exercised in the browser tests.
 */
async function typeRich(user: UserEvent, name: string, text: string, nth = 0) {
  const box = (await screen.findAllByRole('textbox', { name }, { timeout: 5_000 }))[nth];
  await user.click(box);
  await user.paste(text);
}

const radio = (name: string) => screen.getByRole('radio', { name });

/** How an author fills each editor, with the keyboard and the mouse. */
const FILL: Record<AnswerKind, (user: UserEvent) => Promise<void>> = {
  single_choice: async (user) => {
    await typeRich(user, 'Option 1', 'Cairo');
    await typeRich(user, 'Option 2', 'Giza');
    await user.click(radio('Correct answer: Option 2'));
  },
  multiple_choice: async (user) => {
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    for (const [i, text] of ['Two', 'Four', 'Five'].entries()) await typeRich(user, `Option ${i + 1}`, text);
    await user.click(screen.getByRole('checkbox', { name: 'Correct answer: Option 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Correct answer: Option 2' }));
  },
  true_false: async (user) => user.click(radio('False')),
  essay: async (user) => {
    const box = screen.getByRole('spinbutton', { name: 'Maximum words' });
    await user.clear(box);
    await user.type(box, '250');
  },
  fill_blanks: async (user) => {
    await user.type(screen.getByRole('textbox', { name: 'Text before' }), 'The sky is');
    await user.type(screen.getByRole('textbox', { name: 'Correct answer' }), 'blue');
    await user.click(screen.getByRole('checkbox', { name: 'Students choose from options' }));
    // The answer starts at a random place among the two options: the other one is to fill.
    const empty = ['Option 1', 'Option 2']
      .map((name) => screen.getByRole<HTMLInputElement>('textbox', { name }))
      .find((box) => box.value === '')!;
    await user.type(empty, 'green');
  },
  reordering: async (user) => {
    await typeRich(user, 'Item 1', 'Second');
    await typeRich(user, 'Item 2', 'First');
    // Reordered from the keyboard-reachable buttons (the drag handle is exercised in the browser).
    await user.click(screen.getByRole('button', { name: 'Move Item 2 up' }));
  },
  matching: async (user) => {
    await typeRich(user, 'Left 1', 'Cat');
    await typeRich(user, 'Right 1', 'Kitten');
    await typeRich(user, 'Left 2', 'Dog');
    await typeRich(user, 'Right 2', 'Puppy');
  },
  audio_response: async (user) => {
    const box = screen.getByRole('spinbutton', { name: 'Maximum recording time (seconds)' });
    await user.clear(box);
    await user.type(box, '90');
  },
  categorizing: async (user) => {
    await typeRich(user, 'Name of category 1', 'Fruits');
    await typeRich(user, 'Option 1 of category 1', 'Apple');
    await typeRich(user, 'Name of category 2', 'Vegetables');
    await typeRich(user, 'Option 1 of category 2', 'Carrot');
  },
  paragraph: async (user) => {
    await typeRich(user, 'Passage', 'Salma plants a tree.');
    const child = screen.getByRole('group', { name: 'Question 1' });
    await typeRich(user, 'Question text', 'What does Salma plant?');
    await typeRich(user, 'Option 1', 'A tree');
    await typeRich(user, 'Option 2', 'A flower');
    await user.click(within(child).getByRole('radio', { name: 'Correct answer: Option 1' }));
    const mark = within(child).getByRole('spinbutton', { name: 'Mark' });
    await user.clear(mark);
    await user.type(mark, '3');
  },
};

describe('answer editors', () => {
  it.each(ANSWER_KINDS)('the %s editor produces a definition the question schema accepts', async (kind) => {
    renderWithI18n(<Harness kind={kind} />);
    const user = userEvent.setup({ delay: 5 });
    await FILL[kind](user);
    await waitFor(() => expect(validateDefinition(kind, last)).toEqual([]));
    const mark = kind === 'paragraph' ? paragraphMark(paragraph.definition.parse(last)) : 1;
    const parsed = parseQuestion({
      text: '<p>Q</p>',
      ...LOOKUP_IDS,
      mark,
      mark_option: 'partial',
      media_replay_count: 0,
      answer_type: kind,
      answer_key: last,
      platform_id: 1,
    });
    expect(parsed.success).toBe(true);
  });

  it('gives every part a random id, so no order can be read from the ids', async () => {
    renderWithI18n(<Harness kind="matching" />);
    await screen.findAllByRole('textbox', { name: 'Left 1' });
    const { pairs } = last as { pairs: { id: string; right_id: string }[] };
    const ids = pairs.flatMap((pair) => [pair.id, pair.right_id]);
    expect(ids.every(isAnswerId)).toBe(true);
    expect(new Set(ids).size).toBe(4);
    expect(ids.some((id) => /^\d+$/.test(id))).toBe(false);
  });

  it("does not start a blank's options with its answer by habit", async () => {
    const firsts = new Set<number>();
    for (const roll of [0.1, 0.9]) {
      const random = vi.spyOn(Math, 'random').mockReturnValue(roll);
      const { unmount } = renderWithI18n(<Harness kind="fill_blanks" />);
      const user = userEvent.setup({ delay: 5 });
      await user.type(screen.getByRole('textbox', { name: 'Correct answer' }), 'blue');
      random.mockReturnValue(roll);
      await user.click(screen.getByRole('checkbox', { name: 'Students choose from options' }));
      const options = (last as { blanks: { options: string[] }[] }).blanks[0]!.options;
      expect([...options].sort()).toEqual(['', 'blue']);
      firsts.add(options.indexOf('blue'));
      random.mockRestore();
      unmount();
    }
    expect(firsts).toEqual(new Set([0, 1]));
    expect(firstBlankOptions('x', () => 0.2)).toEqual(['x', '']);
    expect(firstBlankOptions('x', () => 0.7)).toEqual(['', 'x']);
  });

  it('keeps the items in the order the author put them', async () => {
    renderWithI18n(<Harness kind="reordering" />);
    await FILL.reordering(userEvent.setup({ delay: 5 }));
    await waitFor(() =>
      expect((last as { items: { text: string }[] }).items.map((item) => item.text)).toEqual([
        '<p>First</p>',
        '<p>Second</p>',
      ]),
    );
  });

  it('adds another accepted order, arranged with the move buttons, kept as items come and go (issue 41)', async () => {
    renderWithI18n(<Harness kind="reordering" />);
    const user = userEvent.setup({ delay: 5 });
    await FILL.reordering(user);
    await user.click(screen.getByRole('button', { name: 'Add another accepted order' }));
    const order = screen.getByRole('group', { name: 'Accepted order 1' });
    // It starts as the correct order with its first two swapped, never as the correct order itself.
    type Def = { items: { id: string; text: string }[]; also_accepted?: string[][] };
    await waitFor(() => {
      const def = last as Def;
      expect(def.also_accepted).toEqual([[def.items[1].id, def.items[0].id]]);
    });
    expect(validateDefinition('reordering', last)).toEqual([]);
    // Removed, and added again.
    await user.click(within(order).getByRole('button', { name: 'Remove order 1' }));
    await waitFor(() => expect((last as Def).also_accepted).toBeUndefined());
    await user.click(screen.getByRole('button', { name: 'Add another accepted order' }));
    await waitFor(() => expect((last as Def).also_accepted).toHaveLength(1));
    // Moved back to the correct order, it is refused as accepted already.
    await user.click(
      within(screen.getByRole('group', { name: 'Accepted order 1' })).getByRole('button', {
        name: 'Move “First” (Accepted order 1) up',
      }),
    );
    await waitFor(() =>
      expect(validateDefinition('reordering', last)).toContainEqual(
        expect.objectContaining({ message: 'questions.order_repeated' }),
      ),
    );
    // A third item joins every other order at its end.
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await waitFor(() => {
      const def = last as Def;
      expect(def.also_accepted).toEqual([[def.items[0].id, def.items[1].id, def.items[2].id]]);
    });
  });

  it('marks a single option correct at a time', async () => {
    renderWithI18n(<Harness kind="single_choice" />);
    const user = userEvent.setup();
    await screen.findAllByRole('textbox', { name: 'Option 1' });
    await user.click(radio('Correct answer: Option 1'));
    await user.click(radio('Correct answer: Option 2'));
    expect((last as { options: { correct: boolean }[] }).options.map((o) => o.correct)).toEqual([false, true]);
  });

  it('shows each message under the input it belongs to, and list messages above the list', async () => {
    renderWithI18n(
      <Harness
        kind="single_choice"
        errors={{ options: 'questions.exactly_one_correct', 'options.1.text': 'questions.duplicate_options' }}
      />,
    );
    expect(await screen.findByText('Mark exactly one option as correct')).toBeInTheDocument();
    const second = (await screen.findAllByRole('textbox', { name: 'Option 2' }))[0];
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(second.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      'This option is a duplicate',
    );
  });

  it('switches a paragraph question to another kind with that kind’s editor', async () => {
    renderWithI18n(<Harness kind="paragraph" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /Related question type/ }));
    await user.click(screen.getByRole('option', { name: 'True / false' }));
    expect(await screen.findByTestId('true-false-editor')).toBeInTheDocument();
    expect((last as { children: { kind: string; definition: unknown }[] }).children[0]).toMatchObject({
      kind: 'true_false',
      definition: {},
    });
    // A paragraph's questions may be of any kind but paragraph.
    await user.click(screen.getByRole('combobox', { name: /Related question type/ }));
    expect(screen.queryByRole('option', { name: 'Paragraph with related questions' })).not.toBeInTheDocument();
  });
});
