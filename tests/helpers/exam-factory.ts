import type { SchemaRegistry } from '../../schemas/index';
import type { Db } from '../../src/server/db/database';
import { buildRecord } from './resource-factory';
import { buildQuestionLookups, questionBody } from './question-factory';

/** Lookups an exam needs on one platform, plus those of its questions. */
export async function buildExamLookups(db: Db, registry: SchemaRegistry, identifier: 'IRA' | 'ISA' = 'IRA') {
  const q = await buildQuestionLookups(db, registry, identifier);
  const make = (name: string, overrides: Record<string, unknown> = {}) =>
    buildRecord(db, registry, registry.get(name)!, q.platform, overrides);
  return {
    ...q,
    duration: await make('durations', { number: 45 }),
    round: await make('rounds'),
    examType: await make('exam-types'),
    grade: identifier === 'IRA' ? await make('grades') : null,
    level: identifier === 'ISA' ? await make('levels') : null,
  };
}

export type ExamLookups = Awaited<ReturnType<typeof buildExamLookups>>;

/** A valid exam form body. */
export function examBody(l: ExamLookups, overrides: Record<string, unknown> = {}) {
  return {
    name_en: 'Reading benchmark',
    name_ar: 'اختبار القراءة المعياري',
    platform_id: l.platform.id,
    duration_id: l.duration.id,
    grade_id: l.grade?.id ?? null,
    level_id: l.level?.id ?? null,
    round_id: l.round.id,
    exam_type_id: l.examType.id,
    skill_ids: [l.skill.id],
    start_date_time: '2026-12-01 08:00:00',
    end_date_time: '2026-12-01 12:00:00',
    min_mark: 0,
    max_mark: 100,
    pass_mark: 50,
    questions_per_page: 2,
    ...overrides,
  };
}

/** A bank question on the exam's platform and skill. */
export function bankQuestion(
  l: ExamLookups,
  kind = 'true_false',
  key: unknown = { correct: true },
  overrides: Record<string, unknown> = {},
) {
  return questionBody(l.refs, kind, key, overrides);
}
