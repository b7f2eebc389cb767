import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { releaseClosedAssignments } from '../../../src/server/exam-day';
import { migrateSchoolResults } from '../../../src/server/reports/index';
import { refreshWebReports } from '../../../src/server/web-reports/index';
import { call } from '../../helpers/api-client';
import { buildUser, signIn } from '../../helpers/factories';
import { auditRows, buildExamDayScene, EXAM_DAY_QUESTIONS, type ExamDayScene } from '../../helpers/exam-day-scene';
import { clock, registry, t, useExamDayApp } from '../../helpers/exam-day-app';

/**
 * Issue 26, result release: results (and right answers) reach students and school staff only when
 * an author or admin releases them, or when the window has closed if the assignment says so;
 * practice tests stay immediate; release and withdrawal are audited.
 */
useExamDayApp();

/** Student 0 sits the exam (the true/false right) and submits. */
async function sit(s: ExamDayScene) {
  const a = (await s.student(0).as('POST', '/start')).json().data;
  await s.student(0).as('PUT', '/answers', {
    attempt_id: a.id,
    answers: [{ question_id: s.q.tf, answer: { value: true }, seq: 1 }],
  });
  expect((await s.student(0).as('POST', '/submit')).statusCode).toBe(200);
}

/** Everything school staff can read of student 0's result: the drill-down, the profile and the results export. */
async function staffSees(s: ExamDayScene) {
  const cookie = s.cookies.school;
  const student = s.students[0].id;
  const exams = (await call(t.app, 'GET', `/api/students/${student}/exams`, undefined, { cookie })).json().data;
  const profile = (await call(t.app, 'GET', `/api/students/${student}/profile`, undefined, { cookie })).json().data;
  const file = await call(t.app, 'GET', `/api/exams/${s.exam.id}/results/export?format=csv`, undefined, { cookie });
  expect(file.statusCode, file.body).toBe(200);
  const row = file.body
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .find((line) => line.includes(s.students[0].name_en))!;
  const entry = exams.find((e: { exam: { id: number } }) => e.exam.id === s.exam.id);
  const profiled = profile.exams.find((e: { exam: { id: number } }) => e.exam.id === s.exam.id);
  return { total: entry.total, passed: entry.passed, profileTotal: profiled.total, csv: row };
}

describe('results waiting for release', () => {
  it('are withheld from the student and school staff until an author releases them, then reach both; withdrawal hides them again', async () => {
    // No essay: the automatic result is final at submission (a mark of 50 out of 100: 4 of 8 points).
    const s = await buildExamDayScene(
      t,
      registry,
      { release_results: 'manual' },
      { questions: EXAM_DAY_QUESTIONS.slice(0, 2) },
    );
    await sit(s);
    expect((await s.student(0).as('GET', '/attempt')).json().data.result).toMatchObject({
      released: false,
      score: null,
    });
    const hidden = await staffSees(s);
    expect([hidden.total, hidden.passed, hidden.profileTotal]).toEqual([null, null, null]);
    expect(hidden.csv).not.toMatch(/,4,|,8,/);
    // Marked but not released: the school reads "not yet released", not "not yet corrected" (issue 41).
    expect(hidden.csv).toContain('Submitted, not yet released');
    // Admins and authors, who release them, see them.
    const adminFile = await call(t.app, 'GET', `/api/exams/${s.exam.id}/results/export?format=csv`, undefined, {
      cookie: s.cookies.admin,
    });
    expect(adminFile.body).toMatch(/,4,8,/);

    // The window's end does not release a manual assignment.
    clock.set('2026-06-25T09:00:00Z');
    expect(await releaseClosedAssignments(t.db, clock.now(), 60)).toBeGreaterThanOrEqual(0);
    expect((await s.student(0).as('GET', '/attempt')).json().data.result).toMatchObject({ released: false });

    const release = await s.staff(s.cookies.author).release({ school_id: s.school.id, reason: 'Marked' });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().data).toEqual({ released: 3, assignments: 3 });
    expect((await s.student(0).as('GET', '/attempt')).json().data.result).toMatchObject({ released: true, score: 4 });
    const shown = await staffSees(s);
    expect([shown.total, shown.passed, shown.profileTotal]).toEqual([50, true, 50]);
    expect(shown.csv).toMatch(/,4,8,/);
    const audit = (await auditRows(t, 'results.release')).at(-1)!;
    expect(audit).toMatchObject({
      target: `exams/${s.exam.id}`,
      school_id: s.school.id,
      reason: 'Marked',
      summary: expect.objectContaining({ students: 3 }),
    });

    // The school's results reach the reports and the dashboards' leaderboard.
    await migrateSchoolResults(t.db, s.school.id, clock.now());
    await refreshWebReports(t.db, 'admin', () => clock.now());
    const onBoard = async () =>
      (await sql`select student_id from web_report_students where student_id = ${s.students[0].id}`.execute(t.db)).rows;
    expect(await onBoard()).toHaveLength(1);
    // Another result of the student's in the same round and platform (another exam's): it stays on the board.
    await sql`insert into web_report_students
      (platform_id, academic_year_id, round_id, school_id, grade_id, student_id, school_class_id, percent, mark, tier,
       student_exam_id)
      select platform_id, academic_year_id, round_id, school_id, grade_id, student_id, school_class_id, 77, 7, tier, 999999
      from web_report_students where student_id = ${s.students[0].id}`.execute(t.db);

    const withdraw = await s.staff(s.cookies.admin).release({ student_ids: [s.students[0].id] }, 'DELETE');
    expect(withdraw.json().data).toEqual({ withdrawn: 1, held: 0, assignments: 1 });
    // The withdrawn mark leaves the leaderboard at once, not at the next refresh (issue 39), and only it.
    const left = await sql<{ percent: string }>`select percent from web_report_students
      where student_id = ${s.students[0].id}`.execute(t.db);
    expect(left.rows.map((r) => Number(r.percent))).toEqual([77]);
    expect((await s.student(0).as('GET', '/attempt')).json().data.result).toMatchObject({
      released: false,
      score: null,
    });
    expect((await staffSees(s)).csv).not.toMatch(/,4,8,/);
    expect((await auditRows(t, 'results.withdraw')).at(-1)).toMatchObject({ school_id: s.school.id });
  });

  it('are released when the window has closed (after_close), stamped and audited by the job as the system; a withdrawal holds', async () => {
    const s = await buildExamDayScene(t, registry, { release_results: 'after_close' });
    await sit(s);
    expect((await staffSees(s)).csv).not.toMatch(/,4,12,/);
    clock.set('2026-06-20T15:01:01Z');
    expect((await s.student(0).as('GET', '/attempt')).json().data.result).toMatchObject({ released: true, score: 4 });
    expect((await staffSees(s)).csv).toMatch(/,4,12,/);
    expect(await releaseClosedAssignments(t.db, clock.now(), 60)).toBeGreaterThanOrEqual(5);
    const stamped = await t.db
      .selectFrom('student_exams')
      .select('released_at')
      .where('exam_id', '=', s.exam.id)
      .execute();
    expect(stamped.every((row) => row.released_at !== null)).toBe(true);
    const audit = (await auditRows(t, 'results.release')).filter((row) => row.target === `exams/${s.exam.id}`);
    expect(audit.map((row) => [row.actor_id, row.school_id]).sort()).toEqual(
      [
        [null, s.school.id],
        [null, s.other.school.id],
      ].sort(),
    );
    expect(audit[0].summary).toMatchObject({ automatic: true });
    const withdraw = await s.staff(s.cookies.author).release({}, 'DELETE');
    expect(withdraw.json().data).toEqual({ withdrawn: 5, held: 0, assignments: 5 });
    await releaseClosedAssignments(t.db, clock.now(), 60);
    expect((await s.student(0).as('GET', '/attempt')).json().data.result).toMatchObject({ released: false });
  });

  it('needs no release for a practice test: its results are shown at once, and a release is refused (418)', async () => {
    const s = await buildExamDayScene(t, registry, { release_results: 'manual' });
    await t.db.updateTable('exam_types').set({ is_mock: true }).where('id', '=', s.exam.exam_type_id).execute();
    await sit(s);
    expect((await s.student(0).as('GET', '/attempt')).json().data.result).toMatchObject({ released: true, score: 4 });
    const refused = await s.staff(s.cookies.author).release();
    expect([refused.statusCode, refused.json().message]).toEqual([
      418,
      'Practice tests need no supervision or release: their students may take them again and see their results at once.',
    ]);
  });

  it('is refused to those who may not release (401, 403), to a missing exam (404), and to another school’s staff (404)', async () => {
    const s = await buildExamDayScene(t, registry);
    const path = `/api/exams/${s.exam.id}/release`;
    expect((await call(t.app, 'POST', path, {})).statusCode).toBe(401);
    const corrector = await signIn(t.app, await buildUser(t.db, { role: 'com.ltm.roles.corrector' }));
    for (const cookie of [corrector, s.cookies.school, s.cookies.supervisor, s.student(0).cookie]) {
      expect((await call(t.app, 'POST', path, {}, { cookie })).statusCode).toBe(403);
      expect((await call(t.app, 'DELETE', path, {}, { cookie })).statusCode).toBe(403);
    }
    expect((await call(t.app, 'POST', '/api/exams/999999/release', {}, { cookie: s.cookies.author })).statusCode).toBe(
      404,
    );
    const bad = await s.staff(s.cookies.author).release({ student_ids: ['x'] });
    expect(bad.statusCode).toBe(422);
    const stamped = await t.db
      .selectFrom('student_exams')
      .select('released_at')
      .where('exam_id', '=', s.exam.id)
      .execute();
    expect(stamped.every((row) => row.released_at === null)).toBe(true);
  });
});
