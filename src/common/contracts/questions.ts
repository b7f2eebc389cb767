import { z } from 'zod';
import { ANSWER_KINDS } from '../../../schemas/parts/question-kinds';
import questionsBank from '../../../schemas/questions-bank';
import { recordContract } from '../declarations/contract';

/** A question's media, as a student receives it. */
const media = {
  media_type: z.enum(questionsBank.fields.media_type.choices),
  media: z.string().nullable(),
  // Optional for clients of an older server; this one always sends it.
  media_alt: z.string().optional(),
  media_replay_count: z.number(),
  instruction_audio: z.string().nullable(),
};

/** A bank question as staff read it (`/api/questions-bank`): its declaration's record, the key included. */
export const bankQuestion = recordContract(questionsBank);
export type BankQuestionRecord = z.infer<typeof bankQuestion>;

/** A question held by an exam: a copy of a bank question, with its place in the exam. */
export const examQuestion = recordContract(questionsBank, {
  exam_id: z.number(),
  position: z.number(),
  source_question_id: z.number().nullable(),
});
export type ExamQuestionRecord = z.infer<typeof examQuestion>;

/** What a student (and the preview) receives of a question: no key, the answer type's student view. */
export const studentQuestion = z
  .object({
    id: z.number(),
    position: z.number(),
    text: z.string(),
    content_language: z.enum(questionsBank.fields.content_language.choices),
    mark: z.number(),
    ...media,
    media_url: z.string().nullable(),
    instruction_audio_url: z.string().nullable(),
    answer_type: z.enum(ANSWER_KINDS),
    view: z.unknown(),
  })
  .strict();
export type StudentQuestionRecord = z.infer<typeof studentQuestion>;
