import type { z } from 'zod';
import type { AnswerKind, MarkOption } from './kinds';
import type { QuestionIssue } from './messages';

/**
 * Why an answer scored 0 without being marked: nothing answered, an answer that does not fit
 * the question (shape, unknown ids, too large), another kind's answer, an unknown kind, a
 * stored definition that no longer validates, or a mark that is not a number from 0 up.
 */
export type ScoreReason = 'empty' | 'malformed' | 'wrong_kind' | 'unknown_kind' | 'invalid_definition' | 'invalid_mark';

export interface ScoreResult {
  /** Points earned automatically, rounded to 2 decimals; 0 while a human has to mark it. */
  score: number;
  /** The most this question can earn: its mark (for a paragraph, the sum of its children's). */
  max: number;
  /** A human must mark it: an answered essay or audio response, or a paragraph holding one. */
  needs_manual: boolean;
  reason?: ScoreReason;
  /** A paragraph's result per child id, so a corrector can mark the manual ones. */
  children?: Record<string, ScoreResult>;
}

/**
 * Reorders a list for a student (delivery passes a seeded shuffle). Without one, views use a
 * fixed order that does not follow the key.
 */
export type Shuffle = <T>(list: readonly T[]) => T[];

/** One answer type: how it is authored, answered, shown to a student and scored. */
export interface AnswerType<Definition = any, Answer = any, View = unknown> {
  kind: AnswerKind;
  /** Essay and audio response need a human to mark them. */
  manual: boolean;
  /** What the author stores: the content and the key. */
  definition: z.ZodType<Definition>;
  /** The shape of a student's answer; ids are checked against a definition by `score`. */
  answer: z.ZodType<Answer>;
  /** The definition without its key: what a student's browser may receive. */
  studentView(definition: Definition, shuffle?: Shuffle): View;
  /** Scores an answer of any shape; never throws. `definition` must have passed `definition`. */
  score(definition: Definition, answer: unknown, mark: number, markOption: MarkOption): ScoreResult;
  /** Whether the student left it unanswered (null, missing or blank parts). */
  isEmpty(answer: unknown): boolean;
  /** Problems that make delivery refuse the answer; an empty answer has none. */
  validateAnswer(definition: Definition, answer: unknown): QuestionIssue[];
}
