import { z } from 'zod';
import { QM } from '../../../../schemas/parts/question-messages';
import { ANSWER_LIMITS, QUESTION_LIMITS } from '../../../../schemas/parts/question-limits';
import { strictShape } from '../schema-parts';
import { isBlankAnswer, ownField } from '../answer-input';
import { isBlankHtml } from '../rich-text';
import { countWords } from '../words';
import { defineAnswerType } from './define';

const definition = strictShape({
  max_words: z
    .number({ error: QM.maxWordsInvalid })
    .int({ error: QM.maxWordsInvalid })
    .min(1, { error: QM.maxWordsInvalid })
    .max(QUESTION_LIMITS.maxWords, { error: QM.maxWordsInvalid }),
});
const answer = z.strictObject({ text: z.string().max(ANSWER_LIMITS.essayText) });

export type EssayDefinition = z.infer<typeof definition>;
export type EssayAnswer = z.infer<typeof answer>;

/** Whether an essay answer has more words than the question allows (counted by `countWords`). */
export function exceedsWordLimit(def: EssayDefinition, value: unknown): boolean {
  const text = ownField(value, 'text');
  return typeof text === 'string' && countWords(text) > def.max_words;
}

/**
 * Essay: marked by a human. An answered essay scores 0 with `needs_manual`; delivery refuses
 * one over the word limit through `validateAnswer`, so scoring does not look at its length.
 */
export const essay = defineAnswerType({
  kind: 'essay',
  manual: true,
  definition,
  answer,
  studentView: (def: EssayDefinition) => ({ max_words: def.max_words }),
  isEmpty: (value) => isBlankAnswer(value, 'text', (text) => typeof text === 'string' && isBlankHtml(text)),
  fits: () => true,
  limits: (def, value) =>
    exceedsWordLimit(def, value)
      ? [{ path: ['text'], message: QM.answerWordLimit, params: { max: def.max_words } }]
      : [],
});
