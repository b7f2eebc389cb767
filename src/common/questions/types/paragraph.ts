import { z } from 'zod';
import { CHILD_KINDS, MARK_OPTIONS, type MarkOption } from '../../../../schemas/parts/question-kinds';
import type { AnswerType, ScoreResult, Shuffle } from '../answer-type';
import { QM, type QuestionIssue } from '../../../../schemas/parts/question-messages';
import { QUESTION_LIMITS } from '../../../../schemas/parts/question-limits';
import { answerId, forwardIssues, list, reportDuplicateIds, richText, strictShape } from '../schema-parts';
import { hasUnsafeKeys, isBlankAnswer, isNothing, isRecord, keysWithin } from '../answer-input';
import { markValue } from '../mark';
import { round2, zero } from '../score-result';
import { CHILD_ANSWER_TYPES } from '../child-types';
import { scoreWith, validateWith } from '../dispatch';

/** A related question: its own kind, text, mark, mark option and definition. */
const child = strictShape({
  id: answerId,
  kind: z.enum(CHILD_KINDS, { error: QM.childKindInvalid }),
  text: richText(QUESTION_LIMITS.questionText, QM.textRequired),
  mark: markValue,
  mark_option: z.enum(MARK_OPTIONS, { error: QM.markOptionRequired }),
  // Checked below against the child's kind, so its issues keep their full path.
  definition: z.unknown().optional(),
});

const definition = strictShape({
  passage: richText(QUESTION_LIMITS.passage, QM.passageRequired),
  children: list(child, 1, QM.paragraphNeedsChild, QUESTION_LIMITS.children, QM.paragraphNeedsChild),
}).superRefine((def, ctx) => {
  reportDuplicateIds(
    ctx,
    def.children.map((c, i) => ({ id: c.id, path: ['children', i] })),
  );
  def.children.forEach((c, i) => {
    const path = ['children', i, 'definition'];
    if (isNothing(c.definition)) return ctx.addIssue({ code: 'custom', message: QM.incomplete, path });
    forwardIssues(ctx, CHILD_ANSWER_TYPES[c.kind].definition.safeParse(c.definition).error?.issues ?? [], path);
  });
});

const answer = z.strictObject({ children: z.record(answerId, z.unknown()) });

export type ParagraphDefinition = z.infer<typeof definition>;
export type ParagraphChild = ParagraphDefinition['children'][number];
export type ParagraphAnswer = z.infer<typeof answer>;

/** A paragraph's mark: the sum of its children's marks. */
export const paragraphMark = (def: Pick<ParagraphDefinition, 'children'>): number =>
  round2(def.children.reduce((sum, c) => sum + c.mark, 0));

function isEmpty(value: unknown): boolean {
  try {
    return isBlankAnswer(
      value,
      'children',
      (children) => isRecord(children) && Object.values(children).every(isNothing),
    );
  } catch {
    return false;
  }
}

function read(def: ParagraphDefinition, value: unknown): ParagraphAnswer | undefined {
  if (hasUnsafeKeys(value)) return undefined;
  const parsed = answer.safeParse(value);
  return parsed.success && keysWithin(parsed.data.children, new Set(def.children.map((c) => c.id)))
    ? parsed.data
    : undefined;
}

const childAnswer = (value: ParagraphAnswer, id: string) =>
  Object.hasOwn(value.children, id) ? value.children[id] : undefined;

/**
 * Paragraph with related questions: each child is scored by its own kind with its own mark
 * and mark option; the paragraph's `mark` and `markOption` arguments are ignored and its
 * maximum is `paragraphMark`. It needs a human when an answered child does. An unknown child
 * id makes the whole answer malformed.
 */
export const paragraph: AnswerType<ParagraphDefinition, ParagraphAnswer> = {
  kind: 'paragraph',
  manual: false,
  definition,
  answer,
  studentView: (def: ParagraphDefinition, shuffle?: Shuffle) => ({
    passage: def.passage,
    children: def.children.map((c) => ({
      id: c.id,
      kind: c.kind,
      text: c.text,
      mark: c.mark,
      // Each related question's lists get their own draw of the question's shuffle.
      view: CHILD_ANSWER_TYPES[c.kind].studentView(
        c.definition,
        shuffle && (<T>(list: readonly T[], salt = '') => shuffle(list, `${c.id}/${salt}`)),
      ),
    })),
  }),
  isEmpty,
  score(def: ParagraphDefinition, value: unknown, _mark: number, _markOption: MarkOption): ScoreResult {
    const max = paragraphMark(def);
    try {
      if (isEmpty(value)) return zero(max, 'empty');
      const parsed = read(def, value);
      if (!parsed) return zero(max, 'malformed');
      const children: Record<string, ScoreResult> = {};
      for (const c of def.children)
        children[c.id] = scoreWith(
          CHILD_ANSWER_TYPES,
          c.kind,
          c.definition,
          childAnswer(parsed, c.id),
          c.mark,
          c.mark_option,
        );
      const results = Object.values(children);
      if (results.every((r) => r.reason === 'empty')) return { ...zero(max, 'empty'), children };
      const score = round2(results.reduce((sum, r) => sum + r.score, 0));
      return { score, max, needs_manual: results.some((r) => r.needs_manual), children };
    } catch {
      return zero(max, 'malformed');
    }
  },
  validateAnswer(def: ParagraphDefinition, value: unknown): QuestionIssue[] {
    const invalid = [{ path: [], message: QM.answerInvalid }];
    try {
      if (isEmpty(value)) return [];
      const parsed = read(def, value);
      if (!parsed) return invalid;
      return def.children.flatMap((c) =>
        validateWith(CHILD_ANSWER_TYPES, c.kind, c.definition, childAnswer(parsed, c.id)).map((issue) => ({
          ...issue,
          path: ['children', c.id, ...issue.path],
        })),
      );
    } catch {
      return invalid;
    }
  },
};
