import { newAnswerId, type AnswerDefinitions, type AnswerKind, type ChildKind } from '../../../common/questions';

/*
 * What a new answer editor starts from: the smallest definition an author completes (two
 * options, one blank...). Parts that need the author's choice (the correct value) start empty.
 * Every id comes from `newAnswerId`: random, so no order can be read from the ids.
 */
export const emptyOption = () => ({ id: newAnswerId(), text: '', correct: false });
export const emptyBlank = () => ({ id: newAnswerId(), before: '', answer: '', after: '' });
export const emptyItem = () => ({ id: newAnswerId(), text: '' });
export const emptyPair = () => ({ id: newAnswerId(), left: '', right_id: newAnswerId(), right: '' });
export const emptyCategory = () => ({ id: newAnswerId(), name: '', options: [emptyItem()] });

/**
 * A blank's first options once the author turns them on: its answer and an empty one to fill, the
 * answer at a random place. Never first by habit: students see options sorted or shuffled anyway,
 * but the stored order should not say which is right either.
 */
export function firstBlankOptions(answer: string, random: () => number = Math.random): string[] {
  return random() < 0.5 ? [answer, ''] : ['', answer];
}

export function emptyChild(kind: ChildKind = 'single_choice') {
  return {
    id: newAnswerId(),
    kind,
    text: '',
    mark: 1,
    mark_option: 'all_or_nothing' as const,
    definition: emptyDefinition(kind),
  };
}

const builders: { [K in AnswerKind]: () => AnswerDefinitions[K] } = {
  single_choice: () => ({ options: [emptyOption(), emptyOption()] }),
  multiple_choice: () => ({ options: [emptyOption(), emptyOption()] }),
  // No default: the author must say which is correct.
  true_false: () => ({}) as AnswerDefinitions['true_false'],
  essay: () => ({ max_words: 100 }),
  fill_blanks: () => ({ blanks: [emptyBlank()] }),
  reordering: () => ({ items: [emptyItem(), emptyItem()] }),
  matching: () => ({ pairs: [emptyPair(), emptyPair()] }),
  audio_response: () => ({ max_duration_seconds: 120 }),
  categorizing: () => ({ categories: [emptyCategory(), emptyCategory()] }),
  paragraph: () => ({ passage: '', children: [emptyChild()] }),
};

/** A fresh definition of `kind` for its editor. */
export function emptyDefinition<K extends AnswerKind>(kind: K): AnswerDefinitions[K] {
  return builders[kind]();
}
