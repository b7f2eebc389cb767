import { z } from 'zod';
import { ANSWER_KINDS } from '../questions/kinds';
import { platformRef, relatedRecord, timestamps } from './records';

const related = relatedRecord.nullable().optional();
const media = {
  media_type: z.enum(['none', 'image', 'audio']),
  media: z.string().nullable(),
  media_replay_count: z.number(),
  instruction_audio: z.string().nullable(),
};

/** A bank question as staff read it (`/api/questions-bank`): classification, marking, media and the key. */
export const bankQuestion = z
  .object({
    id: z.number(),
    text: z.string(),
    content_language: z.enum(['en', 'ar']),
    platform_id: z.number(),
    platform: platformRef.nullable().optional(),
    question_type_id: z.number(),
    question_type: related,
    skill_id: z.number(),
    skill: related,
    difficulty_level_id: z.number(),
    difficulty_level: related,
    cognitive_level_id: z.number(),
    cognitive_level: related,
    learning_outcome_id: z.number(),
    learning_outcome: related,
    depth_of_knowledge_id: z.number(),
    depth_of_knowledge: related,
    mark: z.number(),
    mark_option: z.string(),
    ...media,
    answer_type: z.enum(ANSWER_KINDS),
    answer_key: z.unknown(),
    media_url: z.string().nullable().optional(),
    instruction_audio_url: z.string().nullable().optional(),
    ...timestamps,
  })
  .strict();
export type BankQuestionRecord = z.infer<typeof bankQuestion>;

/** A question held by an exam: a copy of a bank question, with its place in the exam. */
export const examQuestion = bankQuestion
  .extend({
    exam_id: z.number(),
    position: z.number(),
    source_question_id: z.number().nullable(),
  })
  .strict();
export type ExamQuestionRecord = z.infer<typeof examQuestion>;

/** What a student (and the preview) receives of a question: no key, the answer type's student view. */
export const studentQuestion = z
  .object({
    id: z.number(),
    position: z.number(),
    text: z.string(),
    content_language: z.enum(['en', 'ar']),
    mark: z.number(),
    ...media,
    media_url: z.string().nullable(),
    instruction_audio_url: z.string().nullable(),
    answer_type: z.enum(ANSWER_KINDS),
    view: z.unknown(),
  })
  .strict();
export type StudentQuestionRecord = z.infer<typeof studentQuestion>;
