import academicYears from '../../../schemas/academic-years';
import cognitiveLevels from '../../../schemas/cognitive-levels';
import depthOfKnowledges from '../../../schemas/depth-of-knowledges';
import difficultyLevels from '../../../schemas/difficulty-levels';
import durations from '../../../schemas/durations';
import examTypes from '../../../schemas/exam-types';
import grades from '../../../schemas/grades';
import learningOutcomes from '../../../schemas/learning-outcomes';
import levels from '../../../schemas/levels';
import platforms from '../../../schemas/platforms';
import questionTypes from '../../../schemas/question-types';
import rounds from '../../../schemas/rounds';
import skills from '../../../schemas/skills';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import type { InputOf } from '../../common/declarations';
import type { DemoClient } from './demo-api';
import {
  ACADEMIC_YEARS,
  COGNITIVE_LEVELS,
  DEPTHS_OF_KNOWLEDGE,
  DIFFICULTY_LEVELS,
  DURATIONS,
  EXAM_TYPES,
  GRADES,
  LEARNING_OUTCOMES,
  LEVELS,
  PLATFORMS,
  QUESTION_TYPES,
  ROUNDS,
  SKILLS,
  type Named,
  type SkillKey,
} from './demo-lookups-data';

/** The ids of one platform's settings lists, for the questions and exams of the demo. */
export interface PlatformLookups {
  platform: { id: number; identifier: 'IRA' | 'ISA' };
  skills: Record<SkillKey, number>;
  rounds: number[];
  /** Grades on IRA, levels on ISA: the same four steps. */
  stages: number[];
  durations: number[];
  examTypes: { benchmark: number; diagnostic: number; mock: number };
  questionTypes: number[];
  difficulty: number[];
  cognitive: number[];
  depth: number[];
  /** [skill][stage]: the outcome of a skill at a grade or level. */
  outcomes: Record<SkillKey, number[]>;
}

const names = ({ en, ar }: Named) => ({ name_en: en, name_ar: ar });

/** A record of a platform's list, typed by its declaration (a required field added there fails `tsc` here). */
type ItemOf<D extends ResourceDefinition> = Omit<InputOf<D>, 'platform_id'>;

async function createAll<D extends ResourceDefinition>(
  api: DemoClient,
  definition: D,
  platformId: number,
  items: ItemOf<D>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const item of items)
    ids.push((await api.post<{ id: number }>(`/api/${definition.name}`, { ...item, platform_id: platformId })).id);
  return ids;
}

async function seedPlatform(api: DemoClient, spec: (typeof PLATFORMS)[number]): Promise<PlatformLookups> {
  const platform = await api.post<{ id: number }>('/api/platforms', {
    name_en: spec.en,
    name_ar: spec.ar,
    identifier: spec.identifier,
  } satisfies InputOf<typeof platforms>);
  const id = platform.id as number;
  const list = <D extends ResourceDefinition>(definition: D, items: ItemOf<D>[]) =>
    createAll(api, definition, id, items);

  const skillKeys = Object.keys(SKILLS) as SkillKey[];
  const skillIds = await list(
    skills,
    skillKeys.map((k) => names(SKILLS[k])),
  );
  const skillOf = Object.fromEntries(skillKeys.map((k, i) => [k, skillIds[i]])) as Record<SkillKey, number>;
  const ira = spec.identifier === 'IRA';
  const stages = ira ? await list(grades, GRADES.map(names)) : await list(levels, LEVELS.map(names));

  const outcomes = {} as Record<SkillKey, number[]>;
  for (const key of skillKeys) {
    outcomes[key] = await list(
      learningOutcomes,
      LEARNING_OUTCOMES[key].map((outcome, stage) => ({
        ...names(outcome),
        skill_id: skillOf[key],
        ...(ira ? { grade_id: stages[stage] } : { level_id: stages[stage] }),
      })),
    );
  }
  const examTypeIds = await list(
    examTypes,
    EXAM_TYPES.map((t) => ({ ...names(t), is_mock: t.mock })),
  );

  return {
    platform: { id, identifier: spec.identifier },
    skills: skillOf,
    rounds: await list(rounds, ROUNDS.map(names)),
    stages,
    durations: await list(
      durations,
      DURATIONS.map((d) => ({ ...names(d), number: d.minutes })),
    ),
    examTypes: { benchmark: examTypeIds[0], diagnostic: examTypeIds[1], mock: examTypeIds[2] },
    questionTypes: await list(questionTypes, QUESTION_TYPES.map(names)),
    difficulty: await list(difficultyLevels, DIFFICULTY_LEVELS.map(names)),
    cognitive: await list(cognitiveLevels, COGNITIVE_LEVELS.map(names)),
    depth: await list(depthOfKnowledges, DEPTHS_OF_KNOWLEDGE.map(names)),
    outcomes,
  };
}

/** Both platforms with every settings list, and the academic years. */
export async function seedLookups(admin: DemoClient): Promise<{ ira: PlatformLookups; isa: PlatformLookups }> {
  for (const year of ACADEMIC_YEARS)
    await admin.post('/api/academic-years', names(year) satisfies InputOf<typeof academicYears>);
  const [ira, isa] = [await seedPlatform(admin, PLATFORMS[0]), await seedPlatform(admin, PLATFORMS[1])];
  return { ira, isa };
}
