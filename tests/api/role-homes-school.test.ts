import { describe, expect, it } from 'vitest';
import { schoolHome } from '../../src/common/contracts/index';
import { AREAS, listPermissions } from '../../src/common/permission-catalog';
import { REPORT_STATUS, REPORT_TYPE } from '../../src/common/reports/index';
import { call } from '../helpers/api-client';
import { clock, registry, t, useExamDayApp } from '../helpers/exam-day-app';
import { buildExamDayScene, type ExamDayScene } from '../helpers/exam-day-scene';
import { buildUserWithPermissions, signIn } from '../helpers/factories';
import { signInSchoolStaff } from '../helpers/report-factory';
import { corrector, sit } from './role-homes-scene';

/**
 * Issue 26, homes that fit the role: school staff's page of their schools (exams running now,
 * results released, latest reports; their schools only).
 */
useExamDayApp();

async function home(cookie: string, query = '') {
  const response = await call(t.app, 'GET', `/api/schools/home${query}`, undefined, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  const parsed = schoolHome.array().safeParse(response.json().data);
  expect(parsed.error?.issues ?? []).toEqual([]);
  return { schools: parsed.data!, body: response.body };
}

async function addReports(s: ExamDayScene, schoolId: number, count: number, status: number = REPORT_STATUS.generated) {
  const base = Date.parse('2026-06-01T08:00:00Z');
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await t.db
      .insertInto('reports')
      .values({
        name: `Report ${schoolId}-${status}-${i}`,
        type: REPORT_TYPE.school,
        platform_id: s.lookups.platform.id,
        exam_id: s.exam.id,
        school_id: schoolId,
        round_id: s.lookups.round.id,
        language: i % 2 ? 'ar' : 'both',
        status,
        scope_key: `home-${schoolId}-${status}-${i}-${Math.random()}`,
        file_name: `report-${i}.pdf`,
        generated_at: status === REPORT_STATUS.generated ? new Date(base + i * 60_000) : null,
        updated_at: new Date(base),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

describe('the school staff’s home', () => {
  it('shows their school only: the exams running now with where the students stand, released results, and the latest reports', async () => {
    const s = await buildExamDayScene(t, registry);
    const staff = s.cookies.school;
    const initial = await home(staff);
    expect(initial.schools.map((school) => school.id)).toEqual([s.school.id]);
    const running = () => home(staff).then(({ schools }) => schools[0].running.find((e) => e.exam_id === s.exam.id));
    expect(await running()).toEqual({
      exam_id: s.exam.id,
      name_en: s.exam.name_en,
      name_ar: s.exam.name_ar,
      is_mock: false,
      start_date_time: '2026-06-02 08:00:00',
      end_date_time: '2026-06-20 15:00:00',
      assigned: 3,
      not_started: 3,
      in_progress: 0,
      submitted: 0,
    });
    await sit(s, 0, false);
    await sit(s, 1);
    expect(await running()).toMatchObject({ assigned: 3, not_started: 1, in_progress: 1, submitted: 1 });
    // The other school's students do not count here, however far they are.
    await t.db
      .updateTable('student_exams')
      .set({ end_date_time: new Date('2026-06-04T09:00:00Z') })
      .where('exam_id', '=', s.exam.id)
      .where('school_id', '=', s.other.school.id)
      .execute();
    expect(await running()).toMatchObject({ assigned: 3 });

    // Released results: none before the release, then one of one submitted.
    expect((await home(staff)).schools[0].released.map((e) => e.exam_id)).not.toContain(s.exam.id);
    const release = await s.staff(s.cookies.author).release({ reason: 'Marked' });
    expect(release.statusCode, release.body).toBe(200);
    const released = (await home(staff)).schools[0].released.find((e) => e.exam_id === s.exam.id);
    expect(released).toMatchObject({ released: 1, submitted: 1, is_mock: false });
    expect(Date.parse(released!.released_at!)).toBe(clock.now().getTime());
    // A withdrawal takes it off again.
    await s.staff(s.cookies.author).release({}, 'DELETE');
    expect((await home(staff)).schools[0].released.map((e) => e.exam_id)).not.toContain(s.exam.id);

    // Reports: the ten latest generated of their school, none of another's, none still being made.
    const ours = await addReports(s, s.school.id, 12);
    await addReports(s, s.school.id, 2, REPORT_STATUS.generating);
    const theirs = await addReports(s, s.other.school.id, 2);
    const reports = (await home(staff)).schools[0].reports!;
    expect(reports.map((report) => report.id)).toEqual(ours.slice(2).reverse());
    expect(reports[0]).toMatchObject({
      name: `Report ${s.school.id}-${REPORT_STATUS.generated}-11`,
      exam: { id: s.exam.id, name_en: s.exam.name_en, name_ar: s.exam.name_ar },
      subject: { name_en: s.school.name_en, name_ar: s.school.name_ar },
      type: { key: 'school' },
      status: { key: 'generated' },
      language: 'ar',
      generated_at: '2026-06-01T08:11:00.000Z',
    });
    // A student's report says whose it is, in both languages (its link is named by it, issue 41).
    const [studentReport] = await addReports(s, s.school.id, 1);
    const pupil = s.students[0];
    await t.db
      .updateTable('reports')
      .set({ type: REPORT_TYPE.student, student_id: pupil.id, generated_at: new Date('2026-06-02T08:00:00Z') })
      .where('id', '=', studentReport)
      .execute();
    expect((await home(staff)).schools[0].reports![0]).toMatchObject({
      id: studentReport,
      type: { key: 'student' },
      subject: { name_en: pupil.name_en, name_ar: pupil.name_ar },
    });
    await t.db.deleteFrom('reports').where('id', '=', studentReport).execute();

    // Nothing of the other school, even when asked for by id.
    const everything = await home(staff);
    for (const secret of [s.other.school.name_en, s.other.school.name_ar, ...theirs.map((id) => `"id":${id},`)])
      expect(everything.body).not.toContain(secret);
    expect((await home(staff, `?filter[id]=${s.other.school.id}`)).schools).toEqual([]);
    // An administrator reaches both.
    const both = await home(s.cookies.admin, `?filter[id]=${s.school.id},${s.other.school.id}`);
    expect(both.schools.map((school) => school.id).sort()).toEqual([s.school.id, s.other.school.id].sort());
  });

  it('counts a practice test’s results as released, closes with the window, and leaves reports out for those who may not see them', async () => {
    const s = await buildExamDayScene(t, registry);
    await t.db.updateTable('exam_types').set({ is_mock: true }).where('id', '=', s.exam.exam_type_id).execute();
    await sit(s, 0);
    await sit(s, 2);
    const [school] = (await home(s.cookies.school)).schools;
    expect(school.released.find((e) => e.exam_id === s.exam.id)).toMatchObject({
      released: 2,
      submitted: 2,
      is_mock: true,
      released_at: null,
    });
    expect(school.running.find((e) => e.exam_id === s.exam.id)).toMatchObject({ is_mock: true, submitted: 2 });

    clock.set('2026-06-21T09:00:00Z');
    expect((await home(s.cookies.school)).schools[0].running.map((e) => e.exam_id)).not.toContain(s.exam.id);

    const viewer = await buildUserWithPermissions(t.db, listPermissions(AREAS.schools));
    await t.db.insertInto('user_schools').values({ user_id: viewer.id, school_id: s.school.id }).execute();
    const [seen] = (await home(await signIn(t.app, viewer))).schools;
    expect(seen).toMatchObject({ id: s.school.id, reports: null });
    // Linked to no school: nothing.
    expect((await home(await signInSchoolStaff(t, []))).schools).toEqual([]);
  });

  it('is refused signed out (401), to those who may not view schools (403), and a malformed filter (400)', async () => {
    expect((await call(t.app, 'GET', '/api/schools/home')).statusCode).toBe(401);
    const s = await buildExamDayScene(t, registry);
    for (const cookie of [await corrector('No schools'), s.student(0).cookie])
      expect((await call(t.app, 'GET', '/api/schools/home', undefined, { cookie })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/schools/home?filter[id]=x', undefined, { cookie: s.cookies.school })).statusCode,
    ).toBe(400);
  });
});
