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

async function createAll(
  api: DemoClient,
  resource: string,
  platformId: number,
  items: Record<string, unknown>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const item of items)
    ids.push((await api.post<{ id: number }>(`/api/${resource}`, { ...item, platform_id: platformId })).id);
  return ids;
}

async function seedPlatform(api: DemoClient, spec: (typeof PLATFORMS)[number]): Promise<PlatformLookups> {
  const platform = await api.post<{ id: number }>('/api/platforms', {
    name_en: spec.en,
    name_ar: spec.ar,
    identifier: spec.identifier,
  });
  const id = platform.id as number;
  const list = (resource: string, items: Named[]) => createAll(api, resource, id, items.map(names));

  const skillKeys = Object.keys(SKILLS) as SkillKey[];
  const skillIds = await list(
    'skills',
    skillKeys.map((k) => SKILLS[k]),
  );
  const skills = Object.fromEntries(skillKeys.map((k, i) => [k, skillIds[i]])) as Record<SkillKey, number>;
  const stageResource = spec.identifier === 'IRA' ? 'grades' : 'levels';
  const stages = await list(stageResource, spec.identifier === 'IRA' ? GRADES : LEVELS);
  const stageField = spec.identifier === 'IRA' ? 'grade_id' : 'level_id';

  const outcomes = {} as Record<SkillKey, number[]>;
  for (const key of skillKeys) {
    outcomes[key] = await createAll(
      api,
      'learning-outcomes',
      id,
      LEARNING_OUTCOMES[key].map((outcome, stage) => ({
        ...names(outcome),
        skill_id: skills[key],
        [stageField]: stages[stage],
      })),
    );
  }
  const examTypeIds = await createAll(
    api,
    'exam-types',
    id,
    EXAM_TYPES.map((t) => ({ ...names(t), is_mock: t.mock })),
  );

  return {
    platform: { id, identifier: spec.identifier },
    skills,
    rounds: await list('rounds', ROUNDS),
    stages,
    durations: await createAll(
      api,
      'durations',
      id,
      DURATIONS.map((d) => ({ ...names(d), number: d.minutes })),
    ),
    examTypes: { benchmark: examTypeIds[0], diagnostic: examTypeIds[1], mock: examTypeIds[2] },
    questionTypes: await list('question-types', QUESTION_TYPES),
    difficulty: await list('difficulty-levels', DIFFICULTY_LEVELS),
    cognitive: await list('cognitive-levels', COGNITIVE_LEVELS),
    depth: await list('depth-of-knowledges', DEPTHS_OF_KNOWLEDGE),
    outcomes,
  };
}

/** Both platforms with every settings list, and the academic years. */
export async function seedLookups(admin: DemoClient): Promise<{ ira: PlatformLookups; isa: PlatformLookups }> {
  for (const year of ACADEMIC_YEARS) await admin.post('/api/academic-years', names(year));
  const [ira, isa] = [await seedPlatform(admin, PLATFORMS[0]), await seedPlatform(admin, PLATFORMS[1])];
  return { ira, isa };
}
