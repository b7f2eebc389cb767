import type { AnswerDefinitions, AnswerKind, QuestionIssue } from '../../../src/common/questions';
import { validateDefinition } from '../../../src/common/questions';

/** One valid definition per kind, with a correct answer and a wrong one for each. */
export const DEFINITIONS: AnswerDefinitions = {
  single_choice: {
    options: [
      { id: 'o1', text: '<b>Cairo</b>', correct: true },
      { id: 'o2', text: 'Paris', correct: false },
      { id: 'o3', text: '<span style="color:red">Rome</span>', correct: false },
    ],
  },
  multiple_choice: {
    options: [
      { id: 'o1', text: 'Two', correct: true },
      { id: 'o2', text: 'Three', correct: true },
      { id: 'o3', text: 'Four', correct: false },
      { id: 'o4', text: 'Five', correct: true },
    ],
  },
  true_false: { correct: false },
  essay: { max_words: 5 },
  fill_blanks: {
    blanks: [
      { id: 'b1', before: 'The capital of Egypt is', after: '.', answer: 'Cairo' },
      { id: 'b2', before: 'ذهب', after: 'إلى المدرسة', answer: 'أحمدُ' },
      { id: 'b3', before: 'Choose:', after: '', answer: 'red', options: ['red', 'blue'] },
      { id: 'b4', before: 'العدد', after: '', answer: '١٢' },
    ],
  },
  reordering: {
    items: [
      { id: 'i1', text: 'first' },
      { id: 'i2', text: 'second' },
      { id: 'i3', text: 'third' },
      { id: 'i4', text: 'fourth' },
    ],
  },
  matching: {
    pairs: [
      { id: 'p1', left: 'sun', right_id: 'r9', right: 'شمس' },
      { id: 'p2', left: 'moon', right_id: 'r4', right: 'قمر' },
      { id: 'p3', left: 'star', right_id: 'r7', right: 'نجمة' },
      { id: 'p4', left: 'sky', right_id: 'r1', right: 'سماء' },
    ],
  },
  audio_response: { max_duration_seconds: 60 },
  categorizing: {
    categories: [
      {
        id: 'c1',
        name: 'Fruit',
        options: [
          { id: 'x1', text: 'apple' },
          { id: 'x2', text: 'pear' },
        ],
      },
      {
        id: 'c2',
        name: 'Vegetable',
        options: [
          { id: 'x3', text: 'carrot' },
          { id: 'x4', text: 'leek' },
        ],
      },
    ],
  },
  paragraph: {
    passage: '<p>Read the passage.</p>',
    children: [
      {
        id: 'k1',
        kind: 'single_choice',
        text: 'Which city?',
        mark: 2,
        mark_option: 'all_or_nothing',
        definition: {
          options: [
            { id: 'a', text: 'Cairo', correct: true },
            { id: 'b', text: 'Rome', correct: false },
          ],
        },
      },
      {
        id: 'k2',
        kind: 'true_false',
        text: 'True?',
        mark: 1.5,
        mark_option: 'all_or_nothing',
        definition: { correct: true },
      },
      {
        id: 'k3',
        kind: 'essay',
        text: 'Explain.',
        mark: 3,
        mark_option: 'all_or_nothing',
        definition: { max_words: 50 },
      },
    ],
  },
};

/** An answer that earns the full mark (or, for manual kinds, a complete answer). */
export const CORRECT: Record<AnswerKind, unknown> = {
  single_choice: { option_id: 'o1' },
  multiple_choice: { option_ids: ['o4', 'o1', 'o2'] },
  true_false: { value: false },
  essay: { text: 'The sun is hot.' },
  fill_blanks: { blanks: { b1: ' cairo ', b2: 'احمد', b3: 'RED', b4: '12' } },
  reordering: { order: ['i1', 'i2', 'i3', 'i4'] },
  matching: { matches: { p1: 'r9', p2: 'r4', p3: 'r7', p4: 'r1' } },
  audio_response: { media: 'media/abc123.webm', duration_seconds: 12.5 },
  categorizing: { placements: { x1: 'c1', x2: 'c1', x3: 'c2', x4: 'c2' } },
  paragraph: { children: { k1: { option_id: 'a' }, k2: { value: true } } },
};

/** A well-formed answer that earns nothing. */
export const WRONG: Record<Exclude<AnswerKind, 'essay' | 'audio_response'>, unknown> = {
  single_choice: { option_id: 'o2' },
  multiple_choice: { option_ids: ['o3'] },
  true_false: { value: true },
  fill_blanks: { blanks: { b1: 'Giza', b2: 'محمد', b3: 'blue', b4: '13' } },
  reordering: { order: ['i2', 'i1', 'i4', 'i3'] },
  matching: { matches: { p1: 'r4', p2: 'r9', p3: 'r1', p4: 'r7' } },
  categorizing: { placements: { x1: 'c2', x2: 'c2', x3: 'c1', x4: 'c1' } },
  paragraph: { children: { k1: { option_id: 'b' }, k2: { value: false } } },
};

export const KINDS = Object.keys(DEFINITIONS) as AnswerKind[];

/** A deep copy to mutate in a test. */
export const copy = <T>(value: T): T => structuredClone(value);

/** The issues of a definition, for `toContainEqual`. */
export const issuesOf = (kind: AnswerKind, definition: unknown): QuestionIssue[] =>
  validateDefinition(kind, definition);

/** A valid question as the console posts it. */
export function questionBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    text: '<p>What is the capital of <b>Egypt</b>?</p>',
    content_language: 'en',
    question_type_id: 1,
    skill_id: 2,
    difficulty_level_id: 3,
    cognitive_level_id: 4,
    learning_outcome_id: 5,
    depth_of_knowledge_id: 6,
    mark: 2,
    mark_option: 'all_or_nothing',
    media_type: 'none',
    media: null,
    media_replay_count: 0,
    instruction_audio: null,
    answer_type: 'single_choice',
    answer_key: copy(DEFINITIONS.single_choice),
    platform_id: 1,
    ...overrides,
  };
}
