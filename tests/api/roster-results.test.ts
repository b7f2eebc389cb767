import { parseCsv } from '../../src/server/roster/roster-file';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { ManualClock } from '../../src/server/clock';
import { migrateSchoolResults } from '../../src/server/reports/index';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildExam } from '../helpers/exam-factory';
import { buildUser, signIn } from '../helpers/factories';
import { buildReportScene, signInSchoolStaff } from '../helpers/report-factory';
import { buildRecord } from '../helpers/resource-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
let scene: Awaited<ReturnType<typeof buildReportScene>>;
let author: string;

beforeAll(async () => {
  t = await createTestApp({}, new ManualClock(new Date('2026-06-05T09:00:00Z')));
  scene = await buildReportScene(t, await loadSchemaRegistry(), { count: 3, corrected: 2 });
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
});
afterAll(() => t.close());

describe('GET /api/exams/{id}/results/export', () => {
  it('gives each student their score, percent, tier, result, skills and questions, corrected or not (CSV and XLSX)', async () => {
    const response = await call(t.app, 'GET', `/api/exams/${scene.exam.id}/results/export?format=csv`, undefined, {
      cookie: author,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = parseCsv(response.body.replace(/^\uFEFF/, '').trim());
    expect(header!.slice(0, 13)).toEqual([
      'Student number',
      'Name (Latin script)',
      'Name (Arabic)',
      'School',
      'Class',
      'Status',
      'Points',
      'Points out of',
      'Mark',
      'Mark out of',
      'Percent',
      'Attainment',
      'Result',
    ]);
    expect(header!.filter((h) => h.startsWith('Question '))).toHaveLength(4);
    expect(rows).toHaveLength(3);
    const statuses = rows.map((r) => r[5]);
    expect(statuses.filter((s) => s === 'Corrected')).toHaveLength(2);
    const corrected = rows.find((r) => r[5] === 'Corrected')!;
    // The mark is the points on the exam's scale, a whole number (docs/scoring.md), and the pass follows it.
    const [points, outOf, mark, scale] = corrected.slice(6, 10).map(Number);
    expect(scale).toBe(Number(scene.exam.max_mark));
    expect(mark).toBe(Math.round((points / outOf) * scale));
    expect(Number(corrected[10])).toBeCloseTo((points / outOf) * 100, 1);
    expect(['Below Average', 'Within Average', 'Above Average']).toContain(corrected[11]);
    expect(corrected[12]).toBe(mark >= Number(scene.exam.pass_mark) ? 'Pass' : 'Fail');
    // Not yet marked: no mark, only the automatic points.
    const unmarked = rows.find((r) => r[5] === 'Submitted, not yet corrected')!;
    expect(Number(unmarked[6])).toBeGreaterThanOrEqual(0);
    expect(unmarked.slice(8, 10)).toEqual(['', '']);
    const questions = corrected.slice(header!.length - 4).map(Number);
    expect(questions.reduce((a, b) => a + b, 0)).toBeCloseTo(Number(corrected[6]), 2);

    const xlsx = await call(t.app, 'GET', `/api/exams/${scene.exam.id}/results/export?format=xlsx&lang=ar`, undefined, {
      cookie: author,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('النتائج');
    expect(sheet.getCell('A1').value).toBe('رقم الطالب');
    expect(sheet.rowCount).toBe(4);
  });

  it('keeps school staff to their schools and refuses those without the reports download permission', async () => {
    const elsewhere = await signInSchoolStaff(t, []);
    // An exam none of the reader's students sat is not found (issue 39), not an empty file with its header.
    const none = await call(t.app, 'GET', `/api/exams/${scene.exam.id}/results/export`, undefined, {
      cookie: elsewhere,
    });
    expect(none.statusCode).toBe(404);
    // So is a draft, even to a reader of every school.
    const draft = await buildExam(t.db, await loadSchemaRegistry(), { published: false });
    const drafted = await call(t.app, 'GET', `/api/exams/${draft.exam.id}/results/export`, undefined, {
      cookie: author,
    });
    expect(drafted.statusCode).toBe(404);
    const corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
    expect(
      (await call(t.app, 'GET', `/api/exams/${scene.exam.id}/results/export`, undefined, { cookie: corrector }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', `/api/exams/999999/results/export`, undefined, { cookie: author })).statusCode,
    ).toBe(404);
  });
});

describe('a student who moves', () => {
  it('keeps the class and school they sat the exam in, in the reports and in the results export', async () => {
    const student = scene.students[0]!;
    const before = await t.db
      .selectFrom('report_results')
      .select(['school_class_id', 'grade_id'])
      .where('student_id', '=', student.id)
      .execute();
    await migrateSchoolResults(t.db, scene.school.id, new Date());
    const sat = await t.db
      .selectFrom('report_results')
      .select(['school_id', 'school_class_id', 'grade_id'])
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(before.length).toBeLessThanOrEqual(1);
    const registry = await loadSchemaRegistry();
    const platform = await t.db
      .selectFrom('platforms')
      .select(['id', 'identifier'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const elsewhere = await buildRecord(t.db, registry, registry.get('schools')!, platform);
    const klass = await buildRecord(t.db, registry, registry.get('school-classes')!, platform, {
      school_id: elsewhere.id,
      grade_id: sat.grade_id,
    });
    await t.db
      .updateTable('students')
      .set({ school_id: elsewhere.id, school_class_id: klass.id })
      .where('id', '=', student.id)
      .execute();
    await migrateSchoolResults(t.db, scene.school.id, new Date());
    const after = await t.db
      .selectFrom('report_results')
      .select(['school_id', 'school_class_id', 'grade_id'])
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(sat);
    const csv = await call(t.app, 'GET', `/api/exams/${scene.exam.id}/results/export`, undefined, { cookie: author });
    const row = csv.body.split('\r\n').find((line) => line.includes(student.name_en))!;
    expect(row).toContain(scene.school.name_en);
  });
});
