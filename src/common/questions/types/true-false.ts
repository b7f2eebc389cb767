import { z } from 'zod';
import { QM } from '../../../../schemas/parts/question-messages';
import { strictShape } from '../schema-parts';
import { isBlankField } from '../answer-input';
import { defineAnswerType } from './define';

const definition = strictShape({ correct: z.boolean({ error: QM.correctValueRequired }) });
const answer = z.strictObject({ value: z.boolean() });

export type TrueFalseDefinition = z.infer<typeof definition>;
export type TrueFalseAnswer = z.infer<typeof answer>;

/** True/false: the full mark for the correct value. Only real booleans count ("true" is malformed). */
export const trueFalse = defineAnswerType({
  kind: 'true_false',
  manual: false,
  definition,
  answer,
  studentView: (_def: TrueFalseDefinition) => ({}),
  isEmpty: (value) => isBlankField(value, 'value'),
  fits: () => true,
  grade: (def, value) => (value.value === def.correct ? 1 : 0),
});
