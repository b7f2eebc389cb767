import { z } from 'zod';
import { QM } from '../../../../schemas/parts/question-messages';
import { QUESTION_LIMITS } from '../../../../schemas/parts/question-limits';
import { answerId, list, reportDuplicateIds, reportDuplicateTexts, richText, strictShape } from '../schema-parts';
import type { Rename, Shuffle } from '../answer-type';
import { renameEach } from '../rename-parts';

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

/**
 * What a student sees of the options: ids and texts, in the authored order, or shuffled when
 * delivery shuffles choices (the assignment's `shuffle_choices`).
 */
export const optionsView = (options: ChoiceOption[], shuffle?: Shuffle) =>
  (shuffle ? shuffle(options, 'options') : options).map(({ id, text }) => ({ id, text }));

/** The option ids of a choice definition, and the definition with them renamed. */
export const choiceIds = {
  list: (def: { options: ChoiceOption[] }) => def.options.map((o) => o.id),
  definition: <D extends { options: ChoiceOption[] }>(def: D, rename: Rename): D => ({
    ...def,
    options: renameEach(def.options, rename),
  }),
};
