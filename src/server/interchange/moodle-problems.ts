import type { ItemProblem } from './interchange-item';

/**
 * The catalog keys the Moodle XML and GIFT readers report (locales: `interchange.problems.*`).
 * Problems stop the import; notes say what was read but not kept.
 */
export const MOODLE_PROBLEMS = {
  /** A question that cannot be read (`reason`: a catalog key saying why, when known). */
  unreadable: 'interchange.problems.unreadable_question',
  /** No single fully-right answer where one is needed. */
  choiceKey: 'interchange.problems.choice_key',
  /** A media file the question text names but the file does not carry (`name`). */
  mediaMissing: 'interchange.problems.media_missing',
  /** A short answer using Moodle's `*` wildcard, which our blanks would take literally (`answer`). */
  wildcard: 'interchange.problems.wildcard_answer',
  /** The older `<image>` picture named without its `<image_base64>` data (`name`). */
  pictureNotCarried: 'interchange.problems.picture_not_carried',
  /** A second media file, or one we cannot show (`name`). */
  extraMedia: 'interchange.problems.extra_media_dropped',
  /** Accepted answers beyond the first (`answers`). */
  extraAnswers: 'interchange.problems.extra_answers_dropped',
  /** Matching pairs whose lefts share rights, read as categorizing (`answers`: the shared rights). */
  matchingAsCategorizing: 'interchange.problems.matching_as_categorizing',
  /** Matching pairs all sharing one right (`answers`). */
  oneSharedAnswer: 'interchange.problems.one_shared_answer',
  /** Matching answers without a question (`answers`). */
  distractors: 'interchange.problems.distractors_dropped',
  /** Answers worth part of the mark in a single-choice question (`answers`). */
  partialCredit: 'interchange.problems.partial_credit_dropped',
  /** Options of a blank that repeat once compared as answers are (`answers`). */
  duplicateOptions: 'interchange.problems.duplicate_options_dropped',
  /** Feedback written for answers or for the question. */
  feedback: 'interchange.problems.feedback_dropped',
} as const;

/** A problem or note with its parameters. */
export const itemProblem = (key: string, params?: ItemProblem['params']): ItemProblem =>
  params ? { key, params } : { key };
