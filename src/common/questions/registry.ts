import type { AnswerKind } from '../../../schemas/parts/question-kinds';
import type { AnswerType, ScoreResult, Shuffle } from './answer-type';
import { QM, type QuestionIssue } from '../../../schemas/parts/question-messages';
import { CHILD_ANSWER_TYPES } from './child-types';
import { paragraph } from './types/paragraph';
import { scoreWith, typeOf, validateWith } from './dispatch';
import { toQuestionIssues } from './schema-parts';

/** The ten answer types by kind. */
export const ANSWER_TYPES: Record<AnswerKind, AnswerType> = { ...CHILD_ANSWER_TYPES, paragraph };

/**
 * Scores a student's answer to a question of `kind` whose stored answer key is `definition`.
 * Never throws: a malformed or foreign answer, an unknown kind, a definition that does not
 * validate or a bad mark all score 0 with a reason. For a paragraph, `mark` and `markOption`
 * are ignored (each child has its own).
 */
export function scoreAnswer(
  kind: AnswerKind | string,
  definition: unknown,
  answer: unknown,
  mark: number,
  markOption: unknown,
): ScoreResult {
  return scoreWith(ANSWER_TYPES, kind, definition, answer, mark, markOption);
}

/**
 * What delivery must refuse before saving an answer: a shape that does not fit the question,
 * an essay over its word limit, a recording over its duration. Empty answers pass.
 */
export function validateAnswer(kind: AnswerKind | string, definition: unknown, answer: unknown): QuestionIssue[] {
  return validateWith(ANSWER_TYPES, kind, definition, answer);
}

/** The issues of an answer definition (paths relative to it), for the answer editor. */
export function validateDefinition(kind: AnswerKind | string, definition: unknown): QuestionIssue[] {
  const type = typeOf(ANSWER_TYPES, kind);
  if (!type) return [{ path: [], message: QM.answerTypeRequired }];
  const parsed = type.definition.safeParse(definition);
  return parsed.success ? [] : toQuestionIssues(parsed.error.issues);
}

/**
 * What a student's browser may receive of a definition: the content without the key. Throws
 * on an unknown kind or an invalid definition, which would be a bug in what was stored.
 */
export function studentView(kind: AnswerKind | string, definition: unknown, shuffle?: Shuffle): unknown {
  const type = typeOf(ANSWER_TYPES, kind);
  if (!type) throw new Error(`unknown answer kind: ${String(kind)}`);
  return type.studentView(type.definition.parse(definition), shuffle);
}

/**
 * Whether a question is marked by the machine alone, so an adaptive test can score it the moment it
 * is answered (issue 43): not an essay or a recording, nor a paragraph with one among its questions.
 */
export function markedByMachine(kind: AnswerKind | string, definition: unknown): boolean {
  const type = typeOf(ANSWER_TYPES, kind);
  if (!type || type.manual) return false;
  if (type !== paragraph) return true;
  const children = (definition as { children?: { kind?: unknown }[] } | null)?.children;
  return Array.isArray(children) && children.every((child) => typeOf(CHILD_ANSWER_TYPES, child.kind)?.manual === false);
}
