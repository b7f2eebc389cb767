/**
 * Catalog keys of the questions bank's validation messages. Schemas carry keys, never text;
 * the server and the console translate them (locales/en.ts and locales/ar.ts, `questions.*`).
 */
export const QM = {
  /** SPEC section 5: any gap in an answer definition. */
  incomplete: 'questions.incomplete',
  textRequired: 'questions.text_required',
  typeRequired: 'questions.type_required',
  skillRequired: 'questions.skill_required',
  difficultyRequired: 'questions.difficulty_required',
  cognitiveRequired: 'questions.cognitive_required',
  outcomeRequired: 'questions.outcome_required',
  depthRequired: 'questions.depth_required',
  platformRequired: 'questions.platform_required',
  markRequired: 'questions.mark_required',
  markInvalid: 'questions.mark_invalid',
  markOptionRequired: 'questions.mark_option_required',
  replayRequired: 'questions.replay_required',
  replayInvalid: 'questions.replay_invalid',
  mediaRequired: 'questions.media_required',
  mediaInvalid: 'questions.media_invalid',
  mediaAltRequired: 'questions.media_alt_required',
  mediaAltTooLong: 'questions.media_alt_too_long',
  answerTypeRequired: 'questions.answer_type_required',
  paragraphMarkMismatch: 'questions.paragraph_mark_mismatch',
  textTooLong: 'questions.text_too_long',
  tooMany: 'questions.too_many',
  invalidId: 'questions.invalid_id',
  duplicateIds: 'questions.duplicate_ids',
  minTwoOptions: 'questions.min_two_options',
  exactlyOneCorrect: 'questions.exactly_one_correct',
  atLeastOneCorrect: 'questions.at_least_one_correct',
  duplicateOptions: 'questions.duplicate_options',
  correctValueRequired: 'questions.correct_value_required',
  maxWordsInvalid: 'questions.max_words_invalid',
  blankRequired: 'questions.blank_required',
  blankAnswerRequired: 'questions.blank_answer_required',
  blankAnswerNotInOptions: 'questions.blank_answer_not_in_options',
  minTwoItems: 'questions.min_two_items',
  duplicateItems: 'questions.duplicate_items',
  /** Another accepted order of a reordering: not every item once, or the same as another. */
  orderNotPermutation: 'questions.order_not_permutation',
  orderRepeated: 'questions.order_repeated',
  minTwoPairs: 'questions.min_two_pairs',
  duplicatePairs: 'questions.duplicate_pairs',
  minTwoCategories: 'questions.min_two_categories',
  emptyCategory: 'questions.empty_category',
  duplicateCategories: 'questions.duplicate_categories',
  maxDurationInvalid: 'questions.max_duration_invalid',
  passageRequired: 'questions.passage_required',
  paragraphNeedsChild: 'questions.paragraph_needs_child',
  childKindInvalid: 'questions.child_kind_invalid',
  answerInvalid: 'questions.answer_invalid',
  /** A learning outcome of another skill than the question's. */
  outcomeSkillMismatch: 'questions.outcome_skill_mismatch',
  /** Takes `%{max}`: the essay's maximum number of words. */
  answerWordLimit: 'questions.answer_word_limit',
  /** Takes `%{max}`: the maximum duration in seconds. */
  answerDurationLimit: 'questions.answer_duration_limit',
  /** Existing shared keys. */
  invalid: 'validation.invalid',
  unknownField: 'validation.unknown_field',
} as const;

/** Every key this module can produce, for a test that the catalogs hold them all. */
export const QUESTION_MESSAGE_KEYS: readonly string[] = Object.values(QM);

/** A problem found in a definition or an answer, with the path of the input it belongs to. */
export interface QuestionIssue {
  path: (string | number)[];
  message: string;
  params?: Record<string, number>;
}
