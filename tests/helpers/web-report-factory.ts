import type { SchemaRegistry } from '../../schemas/index';
import { tierOf } from '../../src/common/reports/index';
import type { Db } from '../../src/server/db/database';
import { dynamic } from '../../src/server/db/dynamic';
import { buildSchoolWithStudents } from './delivery-factory';
import { buildExam } from './exam-factory';
import { buildRecord } from './resource-factory';

type Student = { id: number; school_id: number; school_class_id: number; grade_id: number };

/**
 * A small world for the web reports, straight into the database: one platform with two skills,
 * one grade, two rounds and an academic year; an exam per round; two schools of `perSchool`
 * students. `result` then records what one student did in one round.
 */
export async function buildWebReportWorld(db: Db, registry: SchemaRegistry, perSchool = 5) {
  const built = await buildExam(db, registry, { exam: { name_en: 'Grade benchmark round 1' } });
  const { platform, grade, round, skill } = built.lookups;
  const make = (name: string, overrides: Record<string, unknown> = {}) =>
    buildRecord(db, registry, registry.get(name)!, platform, overrides);
  const skill2 = await make('skills');
  const round2 = await make('rounds');
  const year = await make('academic-years', { name_en: 'Year 2026-2027', name_ar: 'العام 2026-2027' });
  await db.updateTable('exams').set({ academic_year_id: year.id }).where('id', '=', built.exam.id).execute();
  // The first exam's row again, in the second round: a copy of whatever columns it has.
  const { id, created_at, updated_at, ...columns } = built.exam;
  void [id, created_at, updated_at];
  const exam2 = await dynamic(db)
    .insertInto('exams')
    .values({
      ...columns,
      name: 'Grade benchmark round 2',
      name_en: 'Grade benchmark round 2',
      round_id: round2.id,
      academic_year_id: year.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stage = { grade_id: grade!.id };
  const schoolA = await buildSchoolWithStudents(db, registry, platform, stage, perSchool);
  const schoolB = await buildSchoolWithStudents(db, registry, platform, stage, perSchool);
  const exams = { 1: built.exam.id, 2: Number(exam2.id) } as Record<1 | 2, number>;

  /**
   * One student in one round: assigned; `submitted` (default true) an attempt; `percent` (with the
   * percent per skill) a corrected result in the reporting table.
   */
  const result = async (
    student: Student,
    roundNumber: 1 | 2,
    outcome: { submitted?: boolean; percent?: number; skills?: [number, number] } = {},
  ) => {
    const assignment = await db
      .insertInto('student_exams')
      .values({ exam_id: exams[roundNumber], student_id: student.id, status: 'assigned' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const submitted = outcome.submitted ?? true;
    const at = new Date('2026-06-10T09:00:00Z');
    const attempt = await db
      .insertInto('exam_attempts')
      .values({
        student_exam_id: assignment.id,
        number: 1,
        status: submitted ? 'submitted' : 'in_progress',
        seed: 'seed',
        started_at: at,
        deadline_at: new Date(at.getTime() + 3_600_000),
        submitted_at: submitted ? at : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (outcome.percent === undefined) return;
    const [first, second] = outcome.skills ?? [outcome.percent, outcome.percent];
    await db
      .insertInto('report_results')
      .values({
        student_exam_id: assignment.id,
        attempt_id: attempt.id,
        exam_id: exams[roundNumber],
        platform_id: platform.id,
        round_id: roundNumber === 1 ? round.id : round2.id,
        academic_year_id: year.id,
        school_id: student.school_id,
        school_class_id: student.school_class_id,
        grade_id: student.grade_id,
        level_id: null,
        student_id: student.id,
        gender: 'male',
        nationality: 'AE',
        score: outcome.percent,
        max_score: 100,
        mark: outcome.percent,
        percent: outcome.percent,
        passed: outcome.percent >= 50,
        tier: tierOf(outcome.percent),
        skill_scores: JSON.stringify({
          [skill.id]: { score: first / 10, max: 10 },
          [skill2.id]: { score: second / 5, max: 20 },
        }),
        outcome_scores: '{}',
        submitted_at: at,
        corrected_at: at,
      })
      .execute();
  };
  return {
    platform,
    grade: grade!,
    rounds: [round, round2],
    skills: [skill, skill2],
    year,
    exams,
    schools: [schoolA, schoolB],
    result,
  };
}
