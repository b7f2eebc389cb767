import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { REPORT_TYPE } from '../../../src/common/reports/index';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { loadReportContext } from '../../../src/server/reports/report-data';
import { composeReportDocument, loadReportData } from '../../../src/server/reports/report-documents';
import { buildRecord } from '../../helpers/resource-factory';
import { rowCopy } from '../../helpers/row-copy';
import { createTestApp, type TestContext } from '../../helpers/test-app';
import { buildWebReportWorld } from '../../helpers/web-report-factory';

/**
 * What a report reads from the reporting table: a student's own result in the previous round of
 * the same exam series (same platform, academic year and exam type: another exam type's round 1
 * is left out), the class and school averages beside it, and a grade's classes. Round 1: a0 90,
 * a1 60, a2 30 (and a0 10 in an exam of another type); round 2: a0 70, a1 85.
 */
let t: TestContext;
let registry: SchemaRegistry;
let world: Awaited<ReturnType<typeof buildWebReportWorld>>;

beforeAll(async () => {
  t = await createTestApp({});
  registry = await loadSchemaRegistry();
  world = await buildWebReportWorld(t.db, registry, 3);
  const [a0, a1, a2] = world.schools[0].students;
  await world.result(a0, 1, { percent: 90, skills: [100, 80] });
  await world.result(a1, 1, { percent: 60, skills: [50, 70] });
  await world.result(a2, 1, { percent: 30, skills: [20, 40] });
  await world.result(a0, 2, { percent: 70, skills: [60, 80] });
  await world.result(a1, 2, { percent: 85, skills: [90, 80] });
  await otherTypeResult(a0, 10);
}, 120_000);
afterAll(() => t.close());

/** A result of a0 in round 1 of an exam of another exam type: not the same exam's earlier round. */
async function otherTypeResult(
  student: { id: number; school_id: number; school_class_id: number; grade_id: number },
  percent: number,
) {
  const type = await buildRecord(t.db, registry, registry.get('exam-types')!, world.platform);
  const round1 = await t.db.selectFrom('exams').selectAll().where('id', '=', world.exams[1]).executeTakeFirstOrThrow();
  const exam = await t.db
    .insertInto('exams')
    .values({ ...rowCopy('exams', round1), name: 'Other type', name_en: 'Other type', exam_type_id: type.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const assignment = await t.db
    .insertInto('student_exams')
    .values({ exam_id: exam.id, student_id: student.id, status: 'assigned' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('report_results')
    .values({
      student_exam_id: assignment.id,
      attempt_id: 0,
      exam_id: exam.id,
      platform_id: world.platform.id,
      round_id: world.rounds[0].id,
      academic_year_id: world.year.id,
      school_id: student.school_id,
      school_class_id: student.school_class_id,
      grade_id: student.grade_id,
      level_id: null,
      student_id: student.id,
      gender: 'male',
      nationality: 'AE',
      score: percent,
      max_score: 100,
      mark: percent,
      percent,
      passed: false,
      tier: 'below',
      skill_scores: JSON.stringify({ [world.skills[0].id]: { score: percent / 10, max: 10 } }),
      outcome_scores: '{}',
    })
    .execute();
}

/** A report record of round 2's exam at school A, then its context as the job reads it. */
async function contextOf(type: keyof typeof REPORT_TYPE, at: { student_id?: number; grade_id?: number } = {}) {
  const school = world.schools[0].school;
  const report = await t.db
    .insertInto('reports')
    .values({
      name: `${type} report`,
      type: REPORT_TYPE[type],
      platform_id: world.platform.id,
      exam_id: world.exams[2],
      school_id: school.id,
      grade_id: at.grade_id ?? null,
      school_class_id: at.student_id ? world.schools[0].schoolClass.id : null,
      student_id: at.student_id ?? null,
      round_id: world.rounds[1].id,
      academic_year_id: world.year.id,
      language: 'both',
      country: null,
      status: 1,
      file_name: type,
      error: null,
      created_by: null,
      scope_key: `test:${type}:${at.student_id ?? ''}:${at.grade_id ?? ''}`,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return loadReportContext(t.db, report.id);
}
const issued = new Date('2026-06-20T09:00:00Z');

describe('the data of the reports', () => {
  it("gives a student's report the student's own previous result of the same exam series, and the averages", async () => {
    const a0 = world.schools[0].students[0];
    await t.db.updateTable('students').set({ name_ar: 'سامي عزيز' }).where('id', '=', a0.id).execute();
    const context = await contextOf('student', { student_id: a0.id, grade_id: world.grade.id });
    const arabic = composeReportDocument(context, await loadReportData(t.db, context), 'ar', issued, 'UTC');
    expect(arabic.facts[0]).toEqual({ label: 'الطالب', value: 'سامي عزيز' });
    const data = await loadReportData(t.db, context);
    expect(data.kind === 'student' && data.growth.previousRound?.id).toBe(world.rounds[0].id);
    const doc = composeReportDocument(context, data, 'en', issued, 'UTC');
    const max = context.exam.max_mark;
    expect(doc.total).toMatchObject({ tier: 'within', tier_name: 'Within Average' });
    // Round 2 at school A (one class): 70 and 85.
    expect(doc.total!.averages.map((a) => a.value)).toEqual([
      `${(77.5 * max) / 100} / ${max}`,
      `${(77.5 * max) / 100} / ${max}`,
    ]);
    // No calibration places these exams on a scale: the report says so, and subtracts no percentages.
    expect(doc.growth).toEqual({
      previous_round: world.rounds[0].name_en,
      scales: [],
      unavailable: expect.stringContaining('percentages of two different exams are not comparable'),
    });
  });

  it("names the same exam type's previous round only, and compares no percentages across exams", async () => {
    const context = await contextOf('school');
    const doc = composeReportDocument(context, await loadReportData(t.db, context), 'en', issued, 'UTC');
    // Round 1 of the same type is the previous round; uncalibrated, it is named but not compared.
    expect(doc.growth!.previous_round).toBe(world.rounds[0].name_en);
    expect(doc.growth!.scales).toEqual([]);
    expect(JSON.stringify(doc)).not.toMatch(/pp\)|percentage points/);
  });

  it("compares a grade's classes instead of listing its students", async () => {
    const context = await contextOf('grade', { grade_id: world.grade.id });
    const doc = composeReportDocument(context, await loadReportData(t.db, context), 'ar', issued, 'UTC');
    expect(doc.students).toBeUndefined();
    expect(doc.classes!.rows).toEqual([
      expect.objectContaining({
        name: world.schools[0].schoolClass.name_ar,
        students: '2',
        average: '77.5\u200e%\u200e',
        tiers: { below: '0', within: '1', above: '1' },
      }),
    ]);
  });
});
