import { z } from 'zod';
import { QM } from '../../../../schemas/parts/question-messages';
import { answerId, strictShape } from '../schema-parts';
import { isBlankField } from '../answer-input';
import { renameField, renameString } from '../rename-parts';
import { choiceIds, choiceOptions, optionsView, reportChoiceDuplicates } from './choice-options';
import { defineAnswerType } from './define';

/** Options with exactly one correct. */
const definition = strictShape({ options: choiceOptions }).superRefine((def, ctx) => {
  reportChoiceDuplicates(ctx, def.options);
  const correct = def.options.filter((o) => o.correct).length;
  if (def.options.length > 0 && correct !== 1)
    ctx.addIssue({ code: 'custom', message: QM.exactlyOneCorrect, path: ['options'] });
});

const answer = z.strictObject({ option_id: answerId });

export type SingleChoiceDefinition = z.infer<typeof definition>;
export type SingleChoiceAnswer = z.infer<typeof answer>;

/** Single choice: the full mark for the correct option, nothing otherwise (mark options do not apply). */
export const singleChoice = defineAnswerType({
  kind: 'single_choice',
  manual: false,
  definition,
  answer,
  studentView: (def: SingleChoiceDefinition, shuffle) => ({ options: optionsView(def.options, shuffle) }),
  isEmpty: (value) => isBlankField(value, 'option_id'),
  fits: (def, value) => def.options.some((o) => o.id === value.option_id),
  grade: (def, value) => (def.options.find((o) => o.id === value.option_id)?.correct ? 1 : 0),
  ids: {
    ...choiceIds,
    answer: (value, rename) => renameField(value, 'option_id', (id) => renameString(id, rename)),
  },
});
