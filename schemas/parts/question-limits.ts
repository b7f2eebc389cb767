/**
 * Size limits of authored questions and of students' answers. They keep one question's JSON
 * small enough to store, send and score cheaply; none of them is a product rule from the spec
 * except the marks (0 to 100), the words of an essay and the 300 s of a recording.
 */
export const QUESTION_LIMITS = {
  id: 64,
  questionText: 10_000,
  text: 5_000,
  passage: 20_000,
  blankAnswer: 200,
  options: 50,
  blanks: 50,
  items: 50,
  pairs: 50,
  categories: 20,
  categoryOptions: 100,
  children: 20,
  maxWords: 5_000,
  maxDurationSeconds: 300,
  mark: 100,
  replayCount: 10,
  mediaReference: 500,
  /** A picture's text alternative: a sentence or two. */
  mediaAlt: 300,
} as const;

/** Limits on what a student sends; anything larger is malformed rather than merely wrong. */
export const ANSWER_LIMITS = {
  essayText: 100_000,
  blankText: 500,
  /** A recording may run slightly past the limit because the recorder stops on a timer tick. */
  durationSlackSeconds: 1,
} as const;
