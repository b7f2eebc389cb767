import exams from '../../schemas/exams';
import type { SchemaRegistry } from '../../schemas/index';
import { parseWallTime } from '../../src/common/datetime';
import type { InputOf } from '../../src/common/declarations';
import type { Db } from '../../src/server/db/database';
import type { Insertable } from 'kysely';
import type { Database } from '../../src/server/db/types';
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
    examType: await make('exam-types', { is_mock: false }),
    grade: identifier === 'IRA' ? await make('grades') : null,
    level: identifier === 'ISA' ? await make('levels') : null,
  };
}

export type ExamLookups = Awaited<ReturnType<typeof buildExamLookups>>;

/**
 * What the exam form sends, typed by the exams' declaration: a required field added to
 * schemas/exams.ts fails `tsc` here (tests/unit/declared-inputs.test.ts).
 */
export type ExamInput = InputOf<typeof exams>;

/** A valid exam form body. */
export function examBody(l: ExamLookups, overrides: Partial<ExamInput> = {}) {
  const body = {
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
  } satisfies ExamInput;
  return { ...body, ...overrides };
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

export interface ExamSpec {
  identifier?: 'IRA' | 'ISA';
  /** The bank questions to copy into the exam, in order; one true/false question by default. */
  questions?: { kind: string; key: unknown; overrides?: Record<string, unknown> }[];
  published?: boolean;
  /** Any field of the exam form: name_en, start_date_time, questions_per_page, ... */
  exam?: Partial<ExamInput>;
}

/**
 * An exam with everything it needs, in one call and straight into the database: its platform and
 * lookups, its bank questions and their copies in the exam (as the exam form makes them). For the
 * delivery, correction and report tests, which start from an exam rather than build one.
 */
export async function buildExam(db: Db, registry: SchemaRegistry, spec: ExamSpec = {}) {
  const lookups = await buildExamLookups(db, registry, spec.identifier ?? 'IRA');
  const { skill_ids, start_date_time, end_date_time, ...columns } = examBody(lookups, spec.exam);
  const { fields } = exams;
  const exam = await db
    .insertInto('exams')
    .values({
      ...columns,
      name: columns.name_en,
      // What the form leaves out (or sends as null) takes the declaration's default, as on save.
      double_marking: columns.double_marking ?? fields.double_marking.default,
      double_marking_threshold: columns.double_marking_threshold ?? fields.double_marking_threshold.default,
      anonymous_marking: columns.anonymous_marking ?? fields.anonymous_marking.default,
      safe_exam_browser: columns.safe_exam_browser ?? fields.safe_exam_browser.default,
      delivery_mode: columns.delivery_mode ?? fields.delivery_mode.default,
      adaptive_start: columns.adaptive_start ?? fields.adaptive_start.default,
      adaptive_exposure: columns.adaptive_exposure ?? fields.adaptive_exposure.default,
      adaptive_content: columns.adaptive_content ?? fields.adaptive_content.default,
      adaptive_min_questions: columns.adaptive_min_questions ?? fields.adaptive_min_questions.default,
      adaptive_max_questions: columns.adaptive_max_questions ?? fields.adaptive_max_questions.default,
      adaptive_se_target: columns.adaptive_se_target ?? fields.adaptive_se_target.default,
      adaptive_randomesque: columns.adaptive_randomesque ?? fields.adaptive_randomesque.default,
      adaptive_exposure_ceiling: columns.adaptive_exposure_ceiling ?? fields.adaptive_exposure_ceiling.default,
      adaptive_outcome_min: columns.adaptive_outcome_min ?? fields.adaptive_outcome_min.default,
      // The test app's schools' time zone is UTC (APP_TIMEZONE unset).
      start_date_time: parseWallTime(start_date_time, 'UTC')!,
      end_date_time: parseWallTime(end_date_time, 'UTC')!,
      tags: JSON.stringify(columns.tags ?? []),
      seb_browser_exam_keys: JSON.stringify(columns.seb_browser_exam_keys ?? fields.seb_browser_exam_keys.default),
      is_published: spec.published ?? true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const skill_id of skill_ids) await db.insertInto('exam_skills').values({ exam_id: exam.id, skill_id }).execute();
  const questions = [];
  for (const [position, question] of (spec.questions ?? [{ kind: 'true_false', key: { correct: true } }]).entries()) {
    const bank = await buildRecord(db, registry, registry.get('questions-bank')!, lookups.platform, {
      ...bankQuestion(lookups, question.kind, question.key, question.overrides),
      answer_key: question.key,
    });
    const { id, created_at, updated_at, ...copy } = bank;
    void [created_at, updated_at];
    // A copy of the bank's row: its columns are the questions' declaration's (as the store copies them).
    const examQuestion = await db
      .insertInto('exam_questions')
      .values({
        ...(copy as Insertable<Database['questions']>),
        answer_key: JSON.stringify(question.key),
        exam_id: exam.id,
        source_question_id: id,
        position,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    questions.push(examQuestion);
  }
  return { exam, questions, lookups };
}
