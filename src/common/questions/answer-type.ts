import type { z } from 'zod';
import type { AnswerKind, MarkOption } from '../../../schemas/parts/question-kinds';
import type { QuestionIssue } from '../../../schemas/parts/question-messages';

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
 * Reorders a list for a student (delivery passes a seeded shuffle); `salt` tells one question's
 * lists apart. Without one, views use a fixed order that does not follow the key.
 */
export type Shuffle = <T>(list: readonly T[], salt?: string) => T[];

/** Renames one answer-part id: an author's to the one a student sees, or back ('' when it names nothing). */
export type Rename = (id: string) => string;

/**
 * Where a kind keeps answer-part ids (options, blanks, items, pairs and their rights, categories),
 * so that delivery can show each attempt its own ids and read its answers back.
 */
export interface AnswerIds<Definition> {
  /** Every id of the definition. */
  list(definition: Definition): string[];
  /** The definition with every id renamed (texts, keys and order unchanged). */
  definition(definition: Definition, rename: Rename): Definition;
  /** An answer of any shape with every id it names renamed; what does not fit the kind's shape stays as it is. */
  answer(answer: unknown, rename: Rename): unknown;
}

/** One answer type: how it is authored, answered, shown to a student and scored. */
export interface AnswerType<Definition = unknown, Answer = unknown, View = unknown> {
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
  /** Its answer-part ids, for kinds that have any (a paragraph's are its children's: see id-renaming.ts). */
  ids?: AnswerIds<Definition>;
}
