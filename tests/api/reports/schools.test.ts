import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import {
  drillDownOf,
  schoolGrade,
  schoolStatus,
  schoolStudent,
  studentExamRow,
  studentProfile,
} from '../../../src/common/contracts/index';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildUser, signIn } from '../../helpers/factories';
import { buildReportScene, signInSchoolStaff } from '../../helpers/report-factory';
import { buildRecord } from '../../helpers/resource-factory';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/** The schools drill-down: statuses, grades, students, a student's exams and profile, with breadcrumbs and school scoping. */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let admin: string;
let scene: Awaited<ReturnType<typeof buildReportScene>>;

beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  // Four students submitted, two of them corrected: the school is in progress.
  scene = await buildReportScene(t, registry, { count: 4, corrected: 2 });
}, 120_000);
afterAll(() => t.close());

const get = (url: string, cookie = admin, lang: 'en' | 'ar' = 'en') =>
  call(t.app, 'GET', url, undefined, { cookie, lang });

describe('GET /api/schools/status', () => {
  it("gives each school's correction status, reports and migration, in both languages", async () => {
    const response = await get(`/api/schools/status?filter[id]=${scene.school.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const [status] = response.json().data;
    expect(schoolStatus.parse(status)).toMatchObject({
      school_id: scene.school.id,
      correction_status: { id: 2, key: 'in_progress', name_en: 'In progress', name_ar: 'قيد التصحيح' },
      report_status: { key: 'none' },
      reports_count: 0,
      migration: { status: { key: 'none' }, results: 0 },
      students_count: 4,
      exams_count: 1,
    });
  });

  it('refuses a malformed id list with 400', async () => {
    const response = await get('/api/schools/status?filter[id]=1,x', admin, 'ar');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors['filter[id]']).toBeDefined();
  });
});

describe('the drill-down lists', () => {
  it("lists the school's grades with counts, statuses and breadcrumbs, id ascending", async () => {
    const response = await get(`/api/schools/${scene.school.id}/grades`);
    expect(response.statusCode, response.body).toBe(200);
    const body = drillDownOf(schoolGrade).parse(response.json());
    expect(body.data).toEqual([
      expect.objectContaining({
        id: scene.students[0].grade_id,
        students_count: 4,
        classes_count: 1,
        correction_status: expect.objectContaining({ key: 'in_progress' }),
      }),
    ]);
    expect(body.meta).toMatchObject({ current_page: 1, total: 1 });
    expect(body.breadcrumbs).toEqual([
      { label_en: 'Schools', label_ar: 'المدارس', path: '/schools-list' },
      {
        label_en: scene.school.name_en,
        label_ar: scene.school.name_ar,
        path: `/grades?school_id=${scene.school.id}`,
      },
    ]);
  });

  it("lists a grade's students with their exams counted, filtered by class and searched by name", async () => {
    const grade = scene.students[0].grade_id;
    const url = `/api/schools/${scene.school.id}/grades/${grade}/students`;
    const body = drillDownOf(schoolStudent).parse((await get(url)).json());
    expect(body.data.map((s) => s.id)).toEqual([...scene.students.map((s) => s.id)].sort((a, b) => a - b));
    const first = body.data.find((s) => s.id === scene.students[0].id)!;
    expect(first).toMatchObject({ exams_count: 1, submitted_count: 1, corrected_count: 1 });
    expect(body.data.find((s) => s.id === scene.students[3].id)).toMatchObject({ corrected_count: 0 });
    expect(body.breadcrumbs.at(-1)!.path).toBe(`/students?school_id=${scene.school.id}&grade_id=${grade}`);
    const searched = (await get(`${url}?search=${encodeURIComponent(scene.students[1].name)}`)).json().data;
    expect(searched.map((s: { id: number }) => s.id)).toEqual([scene.students[1].id]);
    const otherClass = await buildRecord(t.db, registry, registry.get('school-classes')!, scene.lookups.platform, {
      school_id: scene.school.id,
      grade_id: grade,
    });
    expect((await get(`${url}?filter[school_class_id]=${otherClass.id}`)).json().data).toEqual([]);
    expect((await get(`${url}?sort=name&order=desc`)).statusCode).toBe(200);
    expect((await get(`${url}?sort=email`)).statusCode).toBe(400);
  });

  it("lists a student's exams with statuses and result, and the profile with classes and exams", async () => {
    const student = scene.students[0];
    const list = await get(`/api/students/${student.id}/exams`);
    expect(list.statusCode, list.body).toBe(200);
    const body = drillDownOf(studentExamRow).parse(list.json());
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      exam: { id: scene.exam.id },
      exam_status: { key: 'submitted' },
      correction_status: { key: 'corrected' },
      total_mark: 100,
      report: null,
    });
    expect(body.data[0].total).toBeGreaterThan(0);
    expect(body.breadcrumbs.map((b) => b.path)).toEqual([
      '/schools-list',
      `/grades?school_id=${scene.school.id}`,
      `/students?school_id=${scene.school.id}&grade_id=${student.grade_id}`,
      `/student-exams?student_id=${student.id}`,
    ]);
    const profile = await get(`/api/students/${student.id}/profile`);
    expect(profile.statusCode, profile.body).toBe(200);
    const data = studentProfile.parse(profile.json().data);
    expect(data.student).toMatchObject({ id: student.id, name: student.name, school: { id: scene.school.id } });
    expect(data.classes).toEqual([expect.objectContaining({ id: scene.schoolClass.id })]);
    expect(data.exams[0].correction_status?.key).toBe('corrected');
    // Not yet corrected: no total.
    const waiting = (await get(`/api/students/${scene.students[3].id}/exams`)).json().data[0];
    expect(waiting).toMatchObject({ correction_status: { key: 'not_corrected' }, total: null, passed: null });
  });

  it('answers 404 for a school, grade or student that is not there', async () => {
    expect((await get('/api/schools/999999/grades')).statusCode).toBe(404);
    expect((await get(`/api/schools/${scene.school.id}/grades/999999/students`)).statusCode).toBe(404);
    expect((await get('/api/students/999999/exams')).statusCode).toBe(404);
    expect((await get('/api/students/999999/profile')).statusCode).toBe(404);
  });
});

describe('school scoping and permissions', () => {
  it("gives school staff their own schools only: 404 for another school's grades, students and exams", async () => {
    const own = await signInSchoolStaff(t, [scene.school.id]);
    const stranger = await signInSchoolStaff(t, []);
    const student = scene.students[0];
    const urls = [
      `/api/schools/${scene.school.id}/grades`,
      `/api/schools/${scene.school.id}/grades/${student.grade_id}/students`,
      `/api/students/${student.id}/exams`,
      `/api/students/${student.id}/profile`,
    ];
    for (const url of urls) {
      expect((await get(url, own)).statusCode, url).toBe(200);
      expect((await get(url, stranger)).statusCode, url).toBe(404);
    }
    expect((await get('/api/schools/status', own)).json().data.map((s: { school_id: number }) => s.school_id)).toEqual([
      scene.school.id,
    ]);
    expect((await get('/api/schools/status', stranger)).json().data).toEqual([]);
  });

  it('answers 401 signed out and 403 without the schools permission', async () => {
    const student = await signIn(t.app, await buildUser(t.db, { role: ROLES.student }));
    for (const url of ['/api/schools/status', `/api/schools/${scene.school.id}/grades`, '/api/students/1/profile']) {
      expect((await call(t.app, 'GET', url)).statusCode, url).toBe(401);
      expect((await get(url, student)).statusCode, url).toBe(403);
    }
  });
});
