import { sql } from 'kysely';
import type { Language } from '../../../locales/index';
import { percentOf, tierOf } from '../../common/reports/index';
import { schoolScopeCondition, type SchoolScope } from '../auth';
import { resultsReleasedSql } from '../delivery';
import { finalItemMarks, latestAttempt } from '../correction';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import { translate } from '../http/i18n';
import { sheetFile, type SheetFormat } from './roster-sheets';

type ScoreMap = Record<string, { score: number; max: number }>;
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const figure = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : Math.round(value * 100) / 100;

/**
 * Per-student results of an exam, one row per assignment in the reader's schools: the student,
 * the class they were in when assigned (a later move or rollover does not change it), where they stand, and once their attempt is submitted its score, percentage, tier (by
 * the platform's thresholds), the exam's mark once marked, pass or fail, points per skill and per question in the exam's order
 * (final marks once corrected; until then the automatic scores, a human's parts counting 0).
 * School staff (readers of some schools only) see a result only once it is released.
 */
export async function examResultsFile(
  db: Db,
  examId: number,
  scope: SchoolScope,
  format: SheetFormat,
  language: Language,
  /** School staff see a result only once it is released to its student (issue 26). */
  release: { now: Date; graceSeconds: number },
) {
  const exam = await db
    .selectFrom('exams')
    .innerJoin('platforms', 'platforms.id', 'exams.platform_id')
    .select([
      'exams.id',
      'exams.name',
      'exams.double_marking',
      'exams.double_marking_threshold',
      'exams.max_mark',
      'platforms.tier_within_from',
      'platforms.tier_above_from',
    ])
    .where('exams.id', '=', examId)
    .executeTakeFirst();
  if (!exam) throw notFound();
  // An exam none of the reader's students was assigned (a draft, another school's) has no results
  // for them: not found, as if it did not exist, rather than an empty file with its header.
  let assignments = db.selectFrom('student_exams').select('id').where('exam_id', '=', examId);
  if (!scope.all) assignments = assignments.where('school_id', 'in', [0, ...scope.ids]);
  const assigned = await assignments.limit(1).executeTakeFirst();
  if (!assigned) throw notFound();
  const questions = await db
    .selectFrom('exam_questions')
    .select(['id', 'skill_id'])
    .where('exam_id', '=', examId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const skills = await db
    .selectFrom('skills')
    .select(['id', 'name_en', 'name_ar'])
    .where('id', 'in', [0, ...new Set(questions.map((q) => q.skill_id))])
    .orderBy('id')
    .execute();
  const { rows } = await sql<{
    student_number: string;
    name_en: string;
    name_ar: string;
    school: string;
    class: string;
    attempt_id: number | null;
    status: string | null;
    score: string | null;
    max_score: string | null;
    result_score: string | null;
    result_max: string | null;
    result_mark: string | null;
    result_passed: boolean | null;
    skill_scores: unknown;
    released: boolean;
  }>`
    select st.student_number, st.name_en, st.name_ar,
      case when ${language} = 'ar' then sc.name_ar else sc.name_en end as school,
      case when ${language} = 'ar' then cl.name_ar else cl.name_en end as class,
      la.id as attempt_id, la.status, la.score, la.max_score, la.result_score, la.result_max, la.result_mark, la.result_passed, la.skill_scores,
      ${resultsReleasedSql(release.now, release.graceSeconds)} as released
    from student_exams se
    join students st on st.id = se.student_id
    join exams e on e.id = se.exam_id
    join exam_types et on et.id = e.exam_type_id
    join schools sc on sc.id = coalesce(se.school_id, st.school_id)
    join school_classes cl on cl.id = coalesce(se.school_class_id, st.school_class_id)
    left join lateral ${latestAttempt} la on true
    where se.exam_id = ${examId} and ${schoolScopeCondition(scope, sql`coalesce(se.school_id, st.school_id)`)}
    order by sc.id, cl.id, st.student_number`.execute(db);

  const t = (key: string) => translate(language, `roster.results.${key}`);
  const thresholds = { within_from: Number(exam.tier_within_from), above_from: Number(exam.tier_above_from) };
  const header = [
    t('student_number'),
    t('name_en'),
    t('name_ar'),
    t('school'),
    t('class'),
    t('status'),
    t('score'),
    t('max'),
    t('mark'),
    t('max_mark'),
    t('percent'),
    t('tier'),
    t('passed'),
    ...skills.map((s) => (language === 'ar' ? s.name_ar : s.name_en)),
    ...questions.map((_, i) => `${t('question')} ${i + 1}`),
  ];
  const body = [];
  for (const row of rows) {
    const shown = scope.all || row.released;
    const submitted = row.status === 'submitted';
    const corrected = shown && row.result_score !== null;
    const score = corrected ? Number(row.result_score) : submitted && shown ? Number(row.score ?? 0) : null;
    const max = corrected ? Number(row.result_max) : submitted && shown ? Number(row.max_score ?? 0) : null;
    const percent = score !== null && max !== null ? percentOf(score, max) : null;
    const perQuestion = new Map<number, number>();
    if (submitted && shown && row.attempt_id !== null) {
      const marks = await finalItemMarks(
        db,
        { ...exam, double_marking_threshold: Number(exam.double_marking_threshold) },
        row.attempt_id,
      );
      for (const mark of marks)
        perQuestion.set(mark.question_id, (perQuestion.get(mark.question_id) ?? 0) + mark.final);
    }
    const bySkill = json<ScoreMap | null>(row.skill_scores) ?? {};
    // A result school staff may not read yet is "not yet released", whether or not it is marked.
    const status =
      row.attempt_id === null
        ? 'not_started'
        : !submitted
          ? 'in_progress'
          : !shown
            ? 'not_released'
            : corrected
              ? 'corrected'
              : 'submitted';
    body.push([
      row.student_number,
      row.name_en,
      row.name_ar,
      row.school,
      row.class,
      t(`statuses.${status}`),
      figure(score),
      figure(max),
      // The exam's whole-number mark, once every answer is marked (docs/scoring.md).
      corrected ? figure(Number(row.result_mark)) : '',
      corrected ? figure(Number(exam.max_mark)) : '',
      figure(percent),
      percent === null ? '' : translate(language, `reports.pdf.tiers.${tierOf(percent, thresholds)}`),
      row.result_passed === null || !shown ? '' : t(row.result_passed ? 'pass' : 'fail'),
      ...skills.map((s) => (submitted && shown ? figure(bySkill[String(s.id)]?.score ?? 0) : '')),
      ...questions.map((q) => (submitted && shown ? figure(perQuestion.get(q.id) ?? 0) : '')),
    ]);
  }
  return sheetFile(format, t('sheet'), [header, ...body], language);
}
