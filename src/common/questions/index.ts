/** The questions bank's shared core: answer types, scoring, normalisation and the question schema. */
export * from './kinds';
export * from './limits';
export * from './messages';
export type { AnswerType, ScoreReason, ScoreResult, Shuffle } from './answer-type';
export type { AnswerDefinitions, Answers, TypedAnswerKey } from './definitions';
export { ANSWER_TYPES, scoreAnswer, validateAnswer, validateDefinition, studentView } from './registry';
export { CHILD_ANSWER_TYPES } from './child-types';
export { normaliseAnswerText, sameAnswerText } from './normalise';
export { countWords } from './words';
export { plainText, isBlankHtml, comparableText } from './rich-text';
export { isAnswerId, newAnswerId } from './schema-parts';
export { isMediaReference } from './media-reference';
export { seededShuffle } from './student-order';
export { round2 } from './score-result';
export { exceedsWordLimit } from './types/essay';
export { paragraphMark } from './types/paragraph';
export * from './question-schema';
export * from './student-question';
