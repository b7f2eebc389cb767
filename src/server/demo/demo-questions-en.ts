import type { DemoQuestion } from './demo-questions-data';
import { p } from './demo-questions-data';

/** The same items for English-medium schools. */
export const ENGLISH_QUESTIONS: DemoQuestion[] = [
  {
    kind: 'single_choice',
    skill: 'reading',
    mark: 2,
    markOption: 'all_or_nothing',
    media: 'picture',
    text: p('Look at the picture, then choose the sentence that describes it <b>exactly</b>.'),
    answerKey: {
      options: [
        { id: 'a1', text: 'The sun is shining and there is a green tree beside the house.', correct: true },
        { id: 'a2', text: 'It is raining and children are playing in the garden.', correct: false },
        { id: 'a3', text: 'The house is big and has a blue door.', correct: false },
      ],
    },
  },
  {
    kind: 'single_choice',
    skill: 'listening',
    mark: 2,
    markOption: 'all_or_nothing',
    media: 'tones',
    replays: 2,
    text: p('Listen to the clip carefully, then answer: how many tones did you hear?'),
    answerKey: {
      options: [
        { id: 'l1', text: 'Two tones', correct: false },
        { id: 'l2', text: 'Three tones', correct: true },
        { id: 'l3', text: 'Four tones', correct: false },
      ],
    },
  },
  {
    kind: 'multiple_choice',
    skill: 'reading',
    mark: 3,
    markOption: 'partial',
    text: p('Choose <b>all</b> the words that name fruits.'),
    answerKey: {
      options: [
        { id: 'm1', text: 'apple', correct: true },
        { id: 'm2', text: 'pencil', correct: false },
        { id: 'm3', text: 'banana', correct: true },
        { id: 'm4', text: 'orange', correct: true },
        { id: 'm5', text: 'window', correct: false },
      ],
    },
  },
  {
    kind: 'true_false',
    skill: 'reading',
    mark: 1,
    markOption: 'all_or_nothing',
    text: p('Read the sentence and decide: “The sun rises in the west.”'),
    answerKey: { correct: false },
  },
  {
    kind: 'essay',
    skill: 'writing',
    mark: 10,
    markOption: 'all_or_nothing',
    text: p('Write a paragraph of no more than 80 words describing your favourite season and why you like it.'),
    answerKey: { max_words: 80 },
  },
  {
    kind: 'fill_blanks',
    skill: 'writing',
    mark: 3,
    markOption: 'partial',
    text: p('Fill in each blank with the right word.'),
    answerKey: {
      blanks: [
        {
          id: 'f1',
          before: 'The child drinks',
          after: 'every morning.',
          answer: 'milk',
          options: ['milk', 'books', 'roads'],
        },
        { id: 'f2', before: 'The capital of Egypt is', after: '.', answer: 'Cairo' },
        {
          id: 'f3',
          before: 'The pupils went to',
          after: 'to learn.',
          answer: 'school',
          options: ['school', 'the market'],
        },
      ],
    },
  },
  {
    kind: 'reordering',
    skill: 'writing',
    mark: 2,
    markOption: 'all_or_nothing',
    text: p('Put the words in order to make a sentence.'),
    answerKey: {
      items: [
        { id: 'r1', text: 'Ahmed' },
        { id: 'r2', text: 'reads' },
        { id: 'r3', text: 'a' },
        { id: 'r4', text: 'story' },
      ],
    },
  },
  {
    kind: 'matching',
    skill: 'reading',
    mark: 4,
    markOption: 'partial',
    text: p('Match each word with its opposite.'),
    answerKey: {
      pairs: [
        { id: 'c1', left: 'tall', right_id: 'd7', right: 'short' },
        { id: 'c2', left: 'fast', right_id: 'd3', right: 'slow' },
        { id: 'c3', left: 'happy', right_id: 'd9', right: 'sad' },
        { id: 'c4', left: 'day', right_id: 'd1', right: 'night' },
      ],
    },
  },
  {
    kind: 'audio_response',
    skill: 'speaking',
    mark: 5,
    markOption: 'all_or_nothing',
    media: 'picture',
    text: p('Look at the picture, then record a description of it in at least three sentences.'),
    answerKey: { max_duration_seconds: 90 },
  },
  {
    kind: 'categorizing',
    skill: 'reading',
    mark: 3,
    markOption: 'partial',
    text: p('Sort the words into nouns and verbs.'),
    answerKey: {
      categories: [
        {
          id: 'k1',
          name: 'Nouns',
          options: [
            { id: 'w1', text: 'tree' },
            { id: 'w2', text: 'school' },
            { id: 'w3', text: 'moon' },
          ],
        },
        {
          id: 'k2',
          name: 'Verbs',
          options: [
            { id: 'w4', text: 'wrote' },
            { id: 'w5', text: 'plays' },
            { id: 'w6', text: 'read' },
          ],
        },
      ],
    },
  },
  {
    kind: 'paragraph',
    skill: 'reading',
    mark: 6,
    markOption: 'all_or_nothing',
    text: p('Read the text, then answer the questions.'),
    answerKey: {
      passage: p(
        'On a sunny morning, Sara went to the garden with her grandfather. Together they planted a small lemon tree and watered it. “This tree will grow as you grow,” said her grandfather, “and it will give us tasty fruit.” Sara was happy and promised to look after it every day.',
      ),
      children: [
        {
          id: 'q1',
          kind: 'single_choice',
          text: 'What did Sara plant with her grandfather?',
          mark: 2,
          mark_option: 'all_or_nothing',
          definition: {
            options: [
              { id: 's1', text: 'A lemon tree', correct: true },
              { id: 's2', text: 'An apple tree', correct: false },
              { id: 's3', text: 'A red rose', correct: false },
            ],
          },
        },
        {
          id: 'q2',
          kind: 'true_false',
          text: 'Sara went to the garden on a rainy day.',
          mark: 1,
          mark_option: 'all_or_nothing',
          definition: { correct: false },
        },
        {
          id: 'q3',
          kind: 'essay',
          text: 'Why do you think Sara was happy? Write two sentences.',
          mark: 3,
          mark_option: 'all_or_nothing',
          definition: { max_words: 40 },
        },
      ],
    },
  },
];
