import type { SchemaRegistry } from '../../schemas/index';
import type questionsBank from '../../schemas/questions-bank';
import type { InputOf } from '../../src/common/declarations';
import type { Db } from '../../src/server/db/database';
import { buildPlatform, buildRecord } from './resource-factory';

/** The lookups a question refers to, all on one platform. */
export async function buildQuestionLookups(db: Db, registry: SchemaRegistry, identifier: 'IRA' | 'ISA' = 'IRA') {
  const platform = await buildPlatform(db, identifier);
  const make = (name: string, overrides: Record<string, unknown> = {}) =>
    buildRecord(db, registry, registry.get(name)!, platform, overrides);
  const skill = await make('skills');
  return {
    platform,
    skill,
    refs: {
      platform_id: platform.id,
      question_type_id: (await make('question-types')).id,
      skill_id: skill.id,
      difficulty_level_id: (await make('difficulty-levels')).id,
      cognitive_level_id: (await make('cognitive-levels')).id,
      learning_outcome_id: (await make('learning-outcomes', { skill_id: skill.id })).id,
      depth_of_knowledge_id: (await make('depth-of-knowledges')).id,
    },
  };
}

/**
 * What the question form sends, typed by the questions bank's declaration: a required field added
 * to schemas/questions-bank.ts fails `tsc` here (the answer type and its key are the tests' own).
 */
type QuestionInput = InputOf<typeof questionsBank>;
/** The lookups a question names (`buildQuestionLookups(...).refs`). */
export type QuestionRefs = Pick<
  QuestionInput,
  | 'platform_id'
  | 'question_type_id'
  | 'skill_id'
  | 'difficulty_level_id'
  | 'cognitive_level_id'
  | 'learning_outcome_id'
  | 'depth_of_knowledge_id'
>;

/** A valid question body of a kind, given its definition and the lookups. */
export function questionBody(
  refs: QuestionRefs,
  answer_type: string,
  answer_key: unknown,
  overrides: Record<string, unknown> = {},
) {
  const body = {
    ...refs,
    text: '<p>Choose the <strong>right</strong> answer</p>',
    content_language: 'en',
    mark: answer_type === 'paragraph' ? 6.5 : 4,
    mark_option: 'all_or_nothing',
    media_type: 'none',
    media: null,
    media_replay_count: 0,
    instruction_audio: null,
  } satisfies Omit<QuestionInput, 'answer_type' | 'answer_key'>;
  return { ...body, answer_type, answer_key, ...overrides };
}
