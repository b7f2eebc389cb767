import { describe, expect, it } from 'vitest';
import { attemptView, studentExam } from '../../../src/common/contracts/index';
import { finalizeDueAttempts } from '../../../src/server/delivery';
import { AREAS, listPermissions } from '../../../src/common/permission-catalog';
import { permissionFor } from '../../../src/common/permissions';
import { call } from '../../helpers/api-client';
import { buildUserWithPermissions, signIn } from '../../helpers/factories';
import { auditRows, buildExamDayScene } from '../../helpers/exam-day-scene';
import { clock, registry, t, useExamDayApp } from '../../helpers/exam-day-app';

/**
 * Issue 26, accommodations: extra time set once on the student (minutes, percent or both) is given
 * by every timed exam they sit, practice tests included, and an assignment may override it; the
 * deadline, the deadline job and grace, the student's list and player all use the student's own.
 */
useExamDayApp();

const minutes = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

describe("a student's extra time", () => {
  it('lengthens every timed exam they sit by their minutes and percent, and the list and the player say so', async () => {
    const s = await buildExamDayScene(t, registry);
    const me = s.student(0);
    const edit = await call(
      t.app,
      'PUT',
      `/api/students/${me.student.id}`,
      {
        ...(await studentRecord(me.student.id, s.cookies.admin)),
        extra_time_minutes: 15,
        extra_time_reason: 'Dyslexia',
      },
      { cookie: s.cookies.admin },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const list = await call(t.app, 'GET', '/api/student/exams', undefined, { cookie: me.cookie });
    const entry = list.json().data.find((e: { id: number }) => e.id === me.id);
    expect(studentExam.safeParse(entry).error?.issues ?? []).toEqual([]);
    expect(entry).toMatchObject({ extra_seconds: 900, time_left_seconds: 60 * 60 });

    const started = (await me.as('POST', '/start')).json().data;
    expect(attemptView.safeParse(started).error?.issues ?? []).toEqual([]);
    expect(started.extra_seconds).toBe(900);
    expect(minutes(started.started_at, started.deadline_at)).toBe(45 + 15);

    // Another student has none.
    const other = (await s.student(1).as('POST', '/start')).json().data;
    expect([other.extra_seconds, minutes(other.started_at, other.deadline_at)]).toEqual([0, 45]);
  });

  it('adds a percent of the duration, and an assignment override replaces the student’s own (audited)', async () => {
    const s = await buildExamDayScene(t, registry);
    await t.db
      .updateTable('students')
      .set({ extra_time_percent: 20, extra_time_minutes: 5 })
      .where('id', 'in', [s.students[0].id, s.students[1].id])
      .execute();
    const override = await s.staff(s.cookies.admin).extraTime({
      student_ids: [s.students[1].id],
      extra_time_minutes: 30,
      extra_time_percent: null,
      reason: 'Broken arm',
    });
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json().data).toEqual({ updated: 1 });
    const own = (await s.student(0).as('POST', '/start')).json().data;
    expect(own.extra_seconds).toBe(5 * 60 + 9 * 60); // 20% of 45 minutes is 9
    const overridden = (await s.student(1).as('POST', '/start')).json().data;
    expect([overridden.extra_seconds, minutes(overridden.started_at, overridden.deadline_at)]).toEqual([1800, 75]);
    const audit = await auditRows(t, 'exam_day.extra_time');
    expect(audit.at(-1)).toMatchObject({
      target: `student_exams/${s.student(1).id}`,
      school_id: s.school.id,
      reason: 'Broken arm',
      summary: expect.objectContaining({
        before: { extra_time_minutes: null, extra_time_percent: null },
        after: { extra_time_minutes: 30, extra_time_percent: null },
      }),
    });
  });

  it('moves the automatic submission: the deadline job and the grace follow the student’s own deadline', async () => {
    const s = await buildExamDayScene(t, registry);
    await t.db.updateTable('students').set({ extra_time_minutes: 15 }).where('id', '=', s.students[0].id).execute();
    await s.student(0).as('POST', '/start');
    await s.student(1).as('POST', '/start');
    // 45 minutes and the minute of grace: the student without extra time is submitted, the other is not.
    clock.set('2026-06-05T09:46:01Z');
    await finalizeDueAttempts(t.db, clock.now(), 60);
    expect((await s.student(0).as('GET', '/attempt')).json().data.status).toBe('in_progress');
    expect((await s.student(1).as('GET', '/attempt')).json().data).toMatchObject({
      status: 'submitted',
      auto_submitted: true,
    });
    const saved = await s.student(0).as('PUT', '/answers', {
      answers: [{ question_id: s.q.tf, answer: { value: true }, seq: 1 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    clock.set('2026-06-05T10:00:59Z');
    await finalizeDueAttempts(t.db, clock.now(), 60);
    expect((await s.student(0).as('GET', '/attempt')).json().data.status).toBe('in_progress');
    clock.set('2026-06-05T10:01:01Z');
    await finalizeDueAttempts(t.db, clock.now(), 60);
    expect((await s.student(0).as('GET', '/attempt')).json().data).toMatchObject({
      status: 'submitted',
      auto_submitted: true,
    });
  });

  it('holds in a practice (mock) test too', async () => {
    const s = await buildExamDayScene(t, registry);
    await t.db.updateTable('exam_types').set({ is_mock: true }).where('id', '=', s.exam.exam_type_id).execute();
    await t.db.updateTable('students').set({ extra_time_percent: 50 }).where('id', '=', s.students[0].id).execute();
    const started = (await s.student(0).as('POST', '/start')).json().data;
    // 50% of 45 minutes is 22.5, given as 23 whole minutes: one rounding rule for every screen (issue 41).
    expect(minutes(started.started_at, started.deadline_at)).toBe(68);
    expect(started.extra_seconds).toBe(23 * 60);
    // The monitor and the student's list say the same seconds.
    const monitor = (await s.staff(s.cookies.admin).monitor()).json().data;
    const row = monitor.students.find((entry: { student_id: number }) => entry.student_id === s.students[0].id);
    expect(row.extra_seconds).toBe(23 * 60);
    const list = (await call(t.app, 'GET', '/api/student/exams', undefined, { cookie: s.student(0).cookie })).json();
    expect(list.data.find((e: { id: number }) => e.id === s.student(0).id).extra_seconds).toBe(23 * 60);
  });

  it('is not eaten by a window that closes before the exam would end', async () => {
    const s = await buildExamDayScene(t, registry);
    await t.db.updateTable('students').set({ extra_time_minutes: 10 }).where('id', '=', s.students[0].id).execute();
    clock.set('2026-06-20T14:40:00Z');
    const started = (await s.student(0).as('POST', '/start')).json().data;
    expect(started.deadline_at).toBe('2026-06-20T15:10:00.000Z');
  });

  it('is an accommodation: refused (403) to whoever may intervene without granting accommodations, before the body', async () => {
    const s = await buildExamDayScene(t, registry);
    const intervener = await buildUserWithPermissions(t.db, [
      ...listPermissions(AREAS.examMonitor),
      permissionFor(AREAS.examMonitor, 'edit'),
    ]);
    await t.db.insertInto('user_schools').values({ user_id: intervener.id, school_id: s.school.id }).execute();
    const audited = (await auditRows(t, 'exam_day.extra_time')).length;
    const good = {
      student_ids: [s.students[0].id],
      extra_time_minutes: 10,
      extra_time_percent: null,
      reason: 'Dyslexia',
    };
    for (const cookie of [s.cookies.author, await signIn(t.app, intervener)]) {
      for (const lang of ['en', 'ar'] as const) {
        const refused = await call(t.app, 'PUT', `/api/exams/${s.exam.id}/extra-time`, good, { cookie, lang });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(
          lang === 'en'
            ? 'Only those allowed to grant accommodations may give or change a student’s extra time: ask an administrator'
            : 'لا يمنح الوقت الإضافي للطالب أو يغيّره إلا من أُذن له بالترتيبات الخاصة: راجع أحد المسؤولين',
        );
      }
      // Before the body is read: a bad one is refused the same.
      const bad = await call(t.app, 'PUT', `/api/exams/${s.exam.id}/extra-time`, { reason: 1 }, { cookie });
      expect(bad.statusCode).toBe(403);
    }
    const rows = await t.db
      .selectFrom('student_exams')
      .select('extra_time_minutes')
      .where('exam_id', '=', s.exam.id)
      .execute();
    expect(rows.every((row) => row.extra_time_minutes === null)).toBe(true);
    expect(await auditRows(t, 'exam_day.extra_time')).toHaveLength(audited);
  });

  it('refuses a bad override (422) and one for another school’s student (404), changing nothing', async () => {
    const s = await buildExamDayScene(t, registry);
    const staff = s.staff(s.cookies.supervisor);
    const bad = await staff.extraTime({
      student_ids: [s.students[0].id],
      extra_time_minutes: -1,
      extra_time_percent: null,
      reason: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['extra_time_minutes', 'reason']);
    const theirs = await staff.extraTime({
      student_ids: [s.other.students[0].id],
      extra_time_minutes: 10,
      extra_time_percent: null,
      reason: 'Not mine',
    });
    expect(theirs.statusCode).toBe(404);
    const rows = await t.db
      .selectFrom('student_exams')
      .select('extra_time_minutes')
      .where('exam_id', '=', s.exam.id)
      .execute();
    expect(rows.every((row) => row.extra_time_minutes === null)).toBe(true);
  });
});

async function studentRecord(id: number, cookie: string) {
  const record = (await call(t.app, 'GET', `/api/students/${id}`, undefined, { cookie })).json().data;
  const { id: _id, name: _name, created_at: _c, updated_at: _u, ...rest } = record;
  return rest;
}
