import { describe, expect, it } from 'vitest';
import { AREAS, listPermissions } from '../../../src/common/permission-catalog';
import { permissionFor } from '../../../src/common/permissions';
import { finalizeAttempt, finalizeDueAttempts } from '../../../src/server/delivery';
import { migrateSchoolResults } from '../../../src/server/reports/index';
import { call } from '../../helpers/api-client';
import { buildDeliveryScene } from '../../helpers/delivery-factory';
import { buildUserWithPermissions, signIn } from '../../helpers/factories';
import { buildExamDayScene, EXAM_DAY_QUESTIONS, type ExamDayScene } from '../../helpers/exam-day-scene';
import { clock, registry, t, useExamDayApp } from '../../helpers/exam-day-app';

/**
 * Issue 26, the edges: interventions racing submissions, an extension the clock must not undo,
 * keys once shown, withdrawals that reach the reports, and every school boundary of the monitor,
 * the interventions and the releases.
 */
useExamDayApp();

const extend = (s: ExamDayScene, studentIds: number[]) =>
  s.staff(s.cookies.admin).intervene({ action: 'extend', student_ids: studentIds, minutes: 5, reason: 'Fire alarm' });
const attemptOf = (s: ExamDayScene, i: number) =>
  t.db.selectFrom('exam_attempts').selectAll().where('student_exam_id', '=', s.student(i).id).executeTakeFirstOrThrow();

describe('interventions beside submissions', () => {
  it('never fails (no 500, no deadlock) when a class is extended while its students submit, and leaves each attempt whole', async () => {
    const s = await buildExamDayScene(t, registry);
    for (const i of [0, 1, 2]) await s.student(i).as('POST', '/start');
    const answers = await Promise.all([
      s.student(0).as('POST', '/submit'),
      s.staff(s.cookies.admin).intervene({
        action: 'extend',
        school_class_id: s.schoolClass.id,
        minutes: 5,
        reason: 'Fire alarm',
      }),
      s.student(1).as('POST', '/submit'),
      s.staff(s.cookies.author).intervene({
        action: 'force_submit',
        student_ids: [s.students[2].id],
        reason: 'Left the room',
      }),
      s.student(2).as('POST', '/submit'),
    ]);
    for (const answer of answers) expect([200, 418], answer.body).toContain(answer.statusCode);
    for (const i of [0, 1, 2]) {
      const attempt = await attemptOf(s, i);
      expect(attempt.status).toBe('submitted');
      expect(attempt.score).not.toBeNull();
    }
  });

  it('keeps an extension given during the grace period: the clock does not submit at the old deadline', async () => {
    const s = await buildExamDayScene(t, registry);
    await s.student(0).as('POST', '/start');
    clock.set('2026-06-05T09:45:30Z'); // past 45 minutes, within the minute of grace
    expect((await extend(s, [s.students[0].id])).statusCode).toBe(200);
    clock.set('2026-06-05T09:46:05Z');
    await finalizeDueAttempts(t.db, clock.now(), 60);
    const attempt = await attemptOf(s, 0);
    expect(attempt.status).toBe('in_progress');
    // And a submission by the clock that read the old deadline claims nothing.
    expect(await finalizeAttempt(t.db, attempt.id, clock.now(), { by: 'clock', graceMs: 60_000 })).toBe(false);
    expect(
      (await s.student(0).as('POST', '/heartbeat', { attempt_id: attempt.id, unsent: 0 })).json().data,
    ).toMatchObject({
      status: 'in_progress',
      deadline_at: '2026-06-05T09:50:00.000Z',
    });
  });

  it('submits from the heartbeat itself once the deadline and grace are over', async () => {
    const s = await buildExamDayScene(t, registry);
    const started = (await s.student(0).as('POST', '/start')).json().data;
    clock.set('2026-06-05T09:46:01Z');
    const beat = (await s.student(0).as('POST', '/heartbeat', { attempt_id: started.id, unsent: 2 })).json().data;
    expect(beat).toMatchObject({ status: 'submitted', auto_submitted: true });
    expect((await attemptOf(s, 0)).auto_submitted).toBe(true);
  });
});

describe('once results or answers have gone out', () => {
  it('refuses to reset a released attempt, and to reopen or reset anyone once the right answers have been shown', async () => {
    const s = await buildExamDayScene(t, registry, { show_answers: true });
    for (const i of [0, 1]) {
      await s.student(i).as('POST', '/start');
      await s.student(i).as('POST', '/submit');
    }
    const released = await s.staff(s.cookies.author).release({ student_ids: [s.students[0].id] });
    expect(released.statusCode).toBe(200);
    const reset = await s.staff(s.cookies.admin).intervene({
      action: 'reset',
      student_ids: [s.students[0].id],
      reason: 'Wrong student',
    });
    expect([reset.statusCode, reset.json().message]).toEqual([
      418,
      'Their results have been released: withdraw the release first.',
    ]);
    // Every window closed: the right answers are shown to those released.
    clock.set('2026-06-21T09:00:00Z');
    const shown = 'The right answers of this exam have been shown to students: nobody may answer it again.';
    for (const action of ['reopen', 'reset'] as const) {
      const answer = await s.staff(s.cookies.admin).intervene({
        action,
        student_ids: [s.students[1].id],
        minutes: 10,
        reason: 'Crash',
      });
      expect([answer.statusCode, answer.json().message], action).toEqual([418, shown]);
    }
  });

  it('takes a withdrawn result out of the reports at once', async () => {
    const s = await buildExamDayScene(t, registry, {}, { questions: EXAM_DAY_QUESTIONS.slice(0, 2) });
    await s.student(0).as('POST', '/start');
    await s.student(0).as('POST', '/submit');
    await s.staff(s.cookies.author).release({ student_ids: [s.students[0].id] });
    await migrateSchoolResults(t.db, s.school.id, clock.now());
    const rows = () =>
      t.db.selectFrom('report_results').select('id').where('student_exam_id', '=', s.student(0).id).execute();
    expect(await rows()).toHaveLength(1);
    const withdrawn = await s.staff(s.cookies.author).release({ student_ids: [s.students[0].id] }, 'DELETE');
    expect(withdrawn.json().data).toEqual({ withdrawn: 1, held: 0, assignments: 1 });
    expect(await rows()).toHaveLength(0);
    await migrateSchoolResults(t.db, s.school.id, clock.now());
    expect(await rows()).toHaveLength(0);
  });

  it('refuses to withdraw a practice test’s results (418)', async () => {
    const s = await buildExamDayScene(t, registry);
    await t.db.updateTable('exam_types').set({ is_mock: true }).where('id', '=', s.exam.exam_type_id).execute();
    expect((await s.staff(s.cookies.author).release({}, 'DELETE')).statusCode).toBe(418);
  });
});

describe('school boundaries', () => {
  it('keeps staff of some schools to their own in the monitor, the interventions and the releases (404 elsewhere)', async () => {
    const s = await buildExamDayScene(t, registry);
    const releaser = await buildUserWithPermissions(t.db, [
      ...listPermissions(AREAS.examMonitor),
      permissionFor(AREAS.examMonitor, 'edit'),
      permissionFor(AREAS.resultReleases, 'create'),
      permissionFor(AREAS.resultReleases, 'delete'),
    ]);
    await t.db.insertInto('user_schools').values({ user_id: releaser.id, school_id: s.school.id }).execute();
    const cookie = await signIn(t.app, releaser);
    const staff = s.staff(cookie);
    const elsewhere = { school_class_id: s.other.schoolClass.id };
    expect((await staff.monitor(`?filter[school_class_id]=${s.other.schoolClass.id}`)).statusCode).toBe(404);
    expect((await staff.intervene({ action: 'reset', ...elsewhere, reason: 'Not mine' })).statusCode).toBe(404);
    expect((await staff.release(elsewhere)).statusCode).toBe(404);
    expect((await staff.release({ school_id: s.other.school.id }, 'DELETE')).statusCode).toBe(404);
    // Their own: the whole exam means their schools alone.
    expect((await staff.release()).json().data).toEqual({ released: 3, assignments: 3 });
    const others = await t.db
      .selectFrom('student_exams')
      .select('released_at')
      .where('exam_id', '=', s.exam.id)
      .where(
        'student_id',
        'in',
        s.other.students.map((student) => student.id),
      )
      .execute();
    expect(others.every((row) => row.released_at === null)).toBe(true);
    // An exam not assigned in their schools is not there for them, not even its name.
    const unassigned = await buildDeliveryScene(t.app, t.db, registry, { questions: EXAM_DAY_QUESTIONS });
    const answer = await call(t.app, 'GET', `/api/exams/${unassigned.exam.id}/monitor`, undefined, { cookie });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain(unassigned.exam.name_en);
  });
});
