/** The questions bank's shared core: answer types, scoring, normalisation and the question schema. */
export * from '../../../schemas/parts/question-kinds';
export * from '../../../schemas/parts/question-limits';
export * from '../../../schemas/parts/question-messages';
export type { AnswerIds, AnswerType, Rename, ScoreReason, ScoreResult, Shuffle } from './answer-type';
export type { AnswerDefinitions, Answers, TypedAnswerKey } from './definitions';
export {
  ANSWER_TYPES,
  markedByMachine,
  scoreAnswer,
  validateAnswer,
  validateDefinition,
  studentView,
} from './registry';
export { CHILD_ANSWER_TYPES } from './child-types';
export { normaliseAnswerText, sameAnswerText } from './normalise';
export { countWords } from './words';
export { plainText, isBlankHtml, comparableText } from './rich-text';
export { isAnswerId, newAnswerId } from './schema-parts';
export { isMediaReference } from './media-reference';
export { mediaAltIssue } from './media-alt';
export { seededShuffle, studentOrder, blankOptionsOrder, MIN_KEY_FREE_ENTRIES } from './student-order';
export {
  answerPartIds,
  codecFor,
  encodeDefinition,
  renameAnswerIds,
  UNKNOWN_ID,
  type IdCodec,
  type ScopedId,
} from './id-renaming';
export { round2 } from './score-result';
export { exceedsWordLimit } from './types/essay';
export { paragraphMark } from './types/paragraph';
export * from './question-schema';
export * from './student-question';
export { keyAnswer } from './key-answer';
