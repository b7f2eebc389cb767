import { z } from 'zod';
import { QM } from '../../../../schemas/parts/question-messages';
import { ANSWER_LIMITS, QUESTION_LIMITS } from '../../../../schemas/parts/question-limits';
import { answerId, list, reportDuplicateIds, reportDuplicates, strictShape } from '../schema-parts';
import { isBlankMap, keysWithin } from '../answer-input';
import { normaliseAnswerText } from '../normalise';
import { partsFraction } from '../score-result';
import { blankOptionsOrder } from '../student-order';
import { renameEach, renameField, renameKeys } from '../rename-parts';
import { defineAnswerType } from './define';

// The text around a blank may be empty (a blank can open or close the sentence).
const around = z.string({ error: QM.incomplete }).max(QUESTION_LIMITS.text, { error: QM.textTooLong });
const typed = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .max(QUESTION_LIMITS.blankAnswer, { error: QM.textTooLong })
    .refine((s) => normaliseAnswerText(s) !== '', { error: requiredKey });

const blank = strictShape({
  id: answerId,
  before: around,
  after: around,
  answer: typed(QM.blankAnswerRequired),
  options: list(typed(QM.incomplete), 2, QM.minTwoOptions, QUESTION_LIMITS.options).optional(),
});

/**
 * Blanks, each with a correct answer and optional options. Options are compared as answers
 * are (`normaliseAnswerText`), so two options that would score alike are duplicates.
 */
const definition = strictShape({ blanks: list(blank, 1, QM.blankRequired, QUESTION_LIMITS.blanks) }).superRefine(
  (def, ctx) => {
    reportDuplicateIds(
      ctx,
      def.blanks.map((b, i) => ({ id: b.id, path: ['blanks', i] })),
    );
    def.blanks.forEach((b, i) => {
      if (!b.options) return;
      const options = b.options.map((o, j) => ({ key: normaliseAnswerText(o), path: ['blanks', i, 'options', j] }));
      reportDuplicates(ctx, options, QM.duplicateOptions);
      const key = normaliseAnswerText(b.answer);
      if (key !== '' && !options.some((o) => o.key === key))
        ctx.addIssue({ code: 'custom', message: QM.blankAnswerNotInOptions, path: ['blanks', i, 'answer'] });
    });
  },
);

const answer = z.strictObject({ blanks: z.record(answerId, z.string().max(ANSWER_LIMITS.blankText)) });

export type FillBlanksDefinition = z.infer<typeof definition>;
export type FillBlanksAnswer = z.infer<typeof answer>;

const isRight = (b: FillBlanksDefinition['blanks'][number], value: FillBlanksAnswer) =>
  Object.hasOwn(value.blanks, b.id) && normaliseAnswerText(value.blanks[b.id]) === normaliseAnswerText(b.answer);

/**
 * Fill in the blanks: a blank is right when the typed (or chosen) text equals the key after
 * `normaliseAnswerText` (see normalise.ts). all_or_nothing: every blank right; partial: the
 * share of right blanks. An unanswered blank is wrong; an unknown blank id is malformed.
 */
export const fillBlanks = defineAnswerType({
  kind: 'fill_blanks',
  manual: false,
  definition,
  answer,
  // Options never in the order the author typed them (the editor used to start with the answer).
  studentView: (def: FillBlanksDefinition, shuffle) => ({
    blanks: def.blanks.map(({ id, before, after, options }) =>
      options
        ? { id, before, after, options: blankOptionsOrder(options, shuffle, `blank:${id}`) }
        : { id, before, after },
    ),
  }),
  isEmpty: (value) => isBlankMap(value, 'blanks'),
  fits: (def, value) => keysWithin(value.blanks, new Set(def.blanks.map((b) => b.id))),
  grade: (def, value, markOption) =>
    partsFraction(def.blanks.filter((b) => isRight(b, value)).length, def.blanks.length, markOption),
  ids: {
    list: (def) => def.blanks.map((b) => b.id),
    definition: (def, rename) => ({ ...def, blanks: renameEach(def.blanks, rename) }),
    answer: (value, rename) => renameField(value, 'blanks', (blanks) => renameKeys(blanks, rename)),
  },
});
