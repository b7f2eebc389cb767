import { z } from 'zod';
import { QM } from '../../../../schemas/parts/question-messages';
import { QUESTION_LIMITS } from '../../../../schemas/parts/question-limits';
import { answerId, strictShape } from '../schema-parts';
import { isBlankField } from '../answer-input';
import { renameField, renameList } from '../rename-parts';
import { choiceIds, choiceOptions, optionsView, reportChoiceDuplicates } from './choice-options';
import { defineAnswerType } from './define';

/** Options with at least one correct. */
const definition = strictShape({ options: choiceOptions }).superRefine((def, ctx) => {
  reportChoiceDuplicates(ctx, def.options);
  if (def.options.length > 0 && !def.options.some((o) => o.correct)) {
    ctx.addIssue({ code: 'custom', message: QM.atLeastOneCorrect, path: ['options'] });
  }
});

const answer = z.strictObject({ option_ids: z.array(answerId).max(QUESTION_LIMITS.options) });

export type MultipleChoiceDefinition = z.infer<typeof definition>;
export type MultipleChoiceAnswer = z.infer<typeof answer>;

/**
 * Multiple choice.
 * - all_or_nothing: the full mark when the chosen set equals the correct set.
 * - partial: mark × max(0, correctChosen − wrongChosen) / correctCount. Each wrong choice
 *   cancels a right one, so ticking every option earns nothing unless all options are correct.
 * An answer naming an unknown option, or the same option twice, is malformed.
 */
export const multipleChoice = defineAnswerType({
  kind: 'multiple_choice',
  manual: false,
  definition,
  answer,
  studentView: (def: MultipleChoiceDefinition, shuffle) => ({ options: optionsView(def.options, shuffle) }),
  isEmpty: (value) => isBlankField(value, 'option_ids'),
  fits: (def, value) => {
    const known = new Set(def.options.map((o) => o.id));
    return new Set(value.option_ids).size === value.option_ids.length && value.option_ids.every((id) => known.has(id));
  },
  grade: (def, value, markOption) => {
    const correct = new Set(def.options.filter((o) => o.correct).map((o) => o.id));
    const right = value.option_ids.filter((id) => correct.has(id)).length;
    const wrong = value.option_ids.length - right;
    if (markOption === 'all_or_nothing') return right === correct.size && wrong === 0 ? 1 : 0;
    return Math.max(0, right - wrong) / correct.size;
  },
  ids: {
    ...choiceIds,
    answer: (value, rename) => renameField(value, 'option_ids', (ids) => renameList(ids, rename)),
  },
});
