import { z } from 'zod';
import { QM } from '../messages';
import { QUESTION_LIMITS } from '../limits';
import { answerId, list, reportDuplicateIds, reportDuplicateTexts, richText, strictShape } from '../schema-parts';

/** One option of a single- or multiple-choice question. */
export const choiceOption = strictShape({
  id: answerId,
  text: richText(),
  correct: z.boolean({ error: QM.incomplete }),
});

export type ChoiceOption = z.infer<typeof choiceOption>;

/** At least two options, unique ids, no two options with the same text. */
export const choiceOptions = list(choiceOption, 2, QM.minTwoOptions, QUESTION_LIMITS.options);

/** The id and text checks both choice kinds share. */
export function reportChoiceDuplicates(ctx: z.core.$RefinementCtx, options: ChoiceOption[]): void {
  reportDuplicateIds(
    ctx,
    options.map((o, i) => ({ id: o.id, path: ['options', i] })),
  );
  reportDuplicateTexts(
    ctx,
    options.map((o, i) => ({ text: o.text, path: ['options', i, 'text'] })),
    QM.duplicateOptions,
  );
}

/** What a student sees of the options: ids and texts, in the authored order. */
export const optionsView = (options: ChoiceOption[]) => options.map(({ id, text }) => ({ id, text }));
