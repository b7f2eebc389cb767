import type { Page } from 'playwright-core';
import type { AnswerKind } from '../../src/common/questions';
import { moveByKeyboard } from './browser';
import { labels, typeRich } from './questions-steps';

type L = ReturnType<typeof labels>;

const click = (page: Page, name: string, role: 'button' | 'radio' | 'checkbox' = 'button') =>
  page.getByRole(role, { name, exact: true }).click();
const fillField = (page: Page, name: string, value: string, nth = 0) =>
  page.getByRole('textbox', { name, exact: true }).nth(nth).fill(value);
const fillNumber = (page: Page, name: string, value: string) =>
  page.getByRole('spinbutton', { name, exact: true }).fill(value);

/** Two or three options, the correct ones ticked. */
async function choices(page: Page, { qe, fill }: L, texts: string[], correct: number[], toggle: 'radio' | 'checkbox') {
  for (let i = 2; i < texts.length; i++) await click(page, qe.choice.add);
  for (const [i, text] of texts.entries()) await typeRich(page, fill(qe.choice.option, { number: i + 1 }), text);
  for (const i of correct)
    await click(page, fill(qe.choice.correct, { name: fill(qe.choice.option, { number: i + 1 }) }), toggle);
}

/** How the English questions' answers are authored through the editors, one per kind. */
export const ANSWERS: Record<AnswerKind, (page: Page, l: L) => Promise<void>> = {
  single_choice: (page, l) => choices(page, l, ['Paris', 'Rome'], [0], 'radio'),
  multiple_choice: (page, l) => choices(page, l, ['Two', 'Four', 'Five'], [0, 1], 'checkbox'),
  true_false: (page, { qe }) => click(page, qe.true_false.true, 'radio'),
  essay: (page, { qe }) => fillNumber(page, qe.essay.max_words, '50'),
  fill_blanks: async (page, { qe }) => {
    await fillField(page, qe.blanks.before, 'The sky is');
    await fillField(page, qe.blanks.answer, 'blue');
    await fillField(page, qe.blanks.after, 'today.');
  },
  reordering: async (page, { qe, fill }) => {
    // Typed out of order, then put right from the keyboard: Space lifts, ArrowUp moves, Space drops.
    await typeRich(page, fill(qe.reordering.item, { number: 1 }), 'Second');
    await typeRich(page, fill(qe.reordering.item, { number: 2 }), 'First');
    const handle = page.getByRole('button', {
      name: fill(qe.sortable.handle, { name: fill(qe.reordering.item, { number: 2 }) }),
    });
    await moveByKeyboard(page, handle, ['ArrowUp']);
  },
  matching: async (page, { qe, fill }) => {
    await typeRich(page, fill(qe.matching.left, { number: 1 }), 'Cat');
    await typeRich(page, fill(qe.matching.right, { number: 1 }), 'Kitten');
    await typeRich(page, fill(qe.matching.left, { number: 2 }), 'Dog');
    await typeRich(page, fill(qe.matching.right, { number: 2 }), 'Puppy');
  },
  audio_response: (page, { qe }) => fillNumber(page, qe.audio_response.max_duration, '60'),
  categorizing: async (page, { qe, fill }) => {
    await typeRich(page, fill(qe.categorizing.name, { number: 1 }), 'Fruits');
    await typeRich(page, fill(qe.categorizing.option, { number: 1, category: 1 }), 'Apple');
    await typeRich(page, fill(qe.categorizing.name, { number: 2 }), 'Vegetables');
    await typeRich(page, fill(qe.categorizing.option, { number: 1, category: 2 }), 'Carrot');
  },
  paragraph: async (page, { qe, qeFields, fill }) => {
    await typeRich(page, qe.paragraph.passage, 'Salma plants a tree every spring.');
    // The first related question is a single choice worth 1: give it a text, options and a key.
    await typeRich(page, qeFields.text, 'What does Salma plant?', 1);
    await typeRich(page, fill(qe.choice.option, { number: 1 }), 'A tree');
    await typeRich(page, fill(qe.choice.option, { number: 2 }), 'A flower');
    await click(page, fill(qe.choice.correct, { name: fill(qe.choice.option, { number: 1 }) }), 'radio');
    await page.getByRole('spinbutton', { name: qeFields.mark, exact: true }).fill('2');
  },
};
