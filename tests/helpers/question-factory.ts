import type { SchemaRegistry } from '../../schemas/index';
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

/** A valid question body of a kind, given its definition and the lookups. */
export function questionBody(
  refs: Record<string, number>,
  answer_type: string,
  answer_key: unknown,
  overrides: Record<string, unknown> = {},
) {
  return {
    ...refs,
    text: '<p>Choose the <strong>right</strong> answer</p>',
    content_language: 'en',
    mark: answer_type === 'paragraph' ? 6.5 : 4,
    mark_option: 'all_or_nothing',
    media_type: 'none',
    media: null,
    media_replay_count: 0,
    instruction_audio: null,
    answer_type,
    answer_key,
    ...overrides,
  };
}
