import { describe, expect, it } from 'vitest';
import { examMonitor } from '../../../src/common/contracts/index';
import { call } from '../../helpers/api-client';
import { buildUser, signIn } from '../../helpers/factories';
import { buildExamDayScene } from '../../helpers/exam-day-scene';
import { loadConfig } from '../../../src/server/config';
import { createTestApp } from '../../helpers/test-app';
import { clock, registry, t, useExamDayApp } from '../../helpers/exam-day-app';

/**
 * Issue 26, live monitoring: per school, class and student, what the exam is now: statuses, time
 * left with extra time, answers held of total, the last save, whether the computer is online (its
 * heartbeat) and what it keeps unsent; in the reader's schools only.
 */
useExamDayApp();

type Entry = Record<string, unknown> & { student_id: number };

describe('the exam-day monitor', () => {
  it('shows each student’s status, time left, answers, last save, presence and unsent answers, with totals per school and class', async () => {
    const s = await buildExamDayScene(t, registry);
    await t.db.updateTable('students').set({ extra_time_minutes: 15 }).where('id', '=', s.students[0].id).execute();
    const me = s.student(0);
    const started = (await me.as('POST', '/start')).json().data;
    await me.as('PUT', '/answers', {
      attempt_id: started.id,
      answers: [
        { question_id: s.q.tf, answer: { value: true }, seq: 1 },
        { question_id: s.q.sc, answer: { option_id: 'a' }, seq: 1 },
      ],
    });
    await s.student(1).as('POST', '/start');
    await s.student(1).as('POST', '/submit');
    clock.set('2026-06-05T09:10:00Z');
    const beat = await me.as('POST', '/heartbeat', { attempt_id: started.id, unsent: 3 });
    expect(beat.statusCode, beat.body).toBe(200);
    expect(beat.json().data).toMatchObject({ attempt_id: started.id, status: 'in_progress', extra_seconds: 900 });

    const monitor = await s.staff(s.cookies.admin).monitor();
    expect(monitor.statusCode, monitor.body).toBe(200);
    const data = monitor.json().data;
    expect(examMonitor.safeParse(data).error?.issues ?? []).toEqual([]);
    expect(data.exam).toMatchObject({
      id: s.exam.id,
      name_en: s.exam.name_en,
      name_ar: s.exam.name_ar,
      question_count: 3,
    });
    expect(data.totals).toMatchObject({
      assigned: 5,
      in_progress: 1,
      submitted: 1,
      not_started: 3,
      absent: 0,
      online: 1,
      unsent: 1,
    });
    const byStudent = new Map<number, Entry>(data.students.map((entry: Entry) => [entry.student_id, entry]));
    expect(byStudent.get(s.students[0].id)).toMatchObject({
      status: 'in_progress',
      started_at: '2026-06-05T09:00:00.000Z',
      deadline_at: '2026-06-05T10:00:00.000Z',
      time_left_seconds: 50 * 60,
      extra_seconds: 900,
      answered: 2,
      total: 3,
      last_saved_at: '2026-06-05T09:00:00.000Z',
      last_seen_at: '2026-06-05T09:10:00.000Z',
      online: true,
      unsent: 3,
    });
    expect(byStudent.get(s.students[1].id)).toMatchObject({
      status: 'submitted',
      online: false,
      time_left_seconds: null,
    });
    expect(byStudent.get(s.students[2].id)).toMatchObject({ status: 'not_started', answered: 0, online: false });
    const first = data.schools.find((school: { id: number }) => school.id === s.school.id);
    expect(first.totals).toMatchObject({ assigned: 3, in_progress: 1, submitted: 1, not_started: 1 });
    expect(first.classes).toEqual([
      expect.objectContaining({ id: s.schoolClass.id, totals: expect.objectContaining({ assigned: 3 }) }),
    ]);

    // Thirty seconds without a word from the computer: offline, its unsent answers still shown.
    clock.set('2026-06-05T09:10:30Z');
    const later = (await s.staff(s.cookies.admin).monitor()).json().data;
    expect(later.students.find((e: Entry) => e.student_id === s.students[0].id)).toMatchObject({
      online: false,
      unsent: 3,
    });
    expect(later.totals.online).toBe(0);
  });

  it('counts automatic and forced submissions and the absent apart, and filters by school and class', async () => {
    const s = await buildExamDayScene(t, registry);
    await s.student(0).as('POST', '/start');
    await s.student(1).as('POST', '/start');
    const forced = await s.staff(s.cookies.admin).intervene({
      action: 'force_submit',
      student_ids: [s.students[1].id],
      reason: 'Left the room',
    });
    expect(forced.statusCode, forced.body).toBe(200);
    clock.set('2026-06-05T09:50:00Z');
    await s.student(0).as('GET', '/attempt');
    clock.set('2026-06-21T09:00:00Z');
    const data = (await s.staff(s.cookies.admin).monitor(`?filter[school_id]=${s.school.id}`)).json().data;
    expect(data.totals).toMatchObject({ assigned: 3, auto_submitted: 1, force_submitted: 1, absent: 1 });
    expect(data.schools.map((school: { id: number }) => school.id)).toEqual([s.school.id]);
    const byClass = await s.staff(s.cookies.admin).monitor(`?filter[school_class_id]=${s.other.schoolClass.id}`);
    expect(
      byClass
        .json()
        .data.students.map((e: Entry) => e.student_id)
        .sort(),
    ).toEqual(s.other.students.map((student) => student.id).sort());
  });

  it('gives the students a page at a time, narrowed by status and search, while the counts keep the whole scope', async () => {
    const s = await buildExamDayScene(t, registry);
    await s.student(0).as('POST', '/start');
    const staff = s.staff(s.cookies.admin);
    const first = await staff.monitor('?per_page=2');
    expect(first.json().meta).toMatchObject({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
    expect(first.json().data.students).toHaveLength(2);
    expect(first.json().data.totals.assigned).toBe(5);
    const third = (await staff.monitor('?per_page=2&page=3')).json();
    expect(third.data.students).toHaveLength(1);
    const seen = new Set([
      ...first.json().data.students.map((e: Entry) => e.student_id),
      ...(await staff.monitor('?per_page=2&page=2')).json().data.students.map((e: Entry) => e.student_id),
      ...third.data.students.map((e: Entry) => e.student_id),
    ]);
    expect(seen.size).toBe(5);
    const running = (await staff.monitor('?filter[status]=in_progress')).json();
    expect(running.data.students.map((e: Entry) => e.student_id)).toEqual([s.students[0].id]);
    expect(running.meta.total).toBe(1);
    expect(running.data.totals.assigned).toBe(5);
    const named = (await staff.monitor(`?search=${encodeURIComponent(s.students[1].student_number)}`)).json();
    expect(named.data.students.map((e: Entry) => e.student_id)).toEqual([s.students[1].id]);
    const arabic = await call(t.app, 'GET', `/api/exams/${s.exam.id}/monitor?filter[status]=in_progress`, undefined, {
      cookie: s.cookies.admin,
      lang: 'ar',
    });
    expect(arabic.json().data.students[0].name).toBe(s.students[0].name_ar);
    for (const bad of ['?filter[status]=asleep', '?per_page=101', '?page=0'])
      expect((await staff.monitor(bad)).statusCode, bad).toBe(400);
  });

  it('shows school staff their own schools only: another school is 404, and every entry is theirs', async () => {
    const s = await buildExamDayScene(t, registry);
    const mine = await s.staff(s.cookies.school).monitor();
    expect(mine.statusCode, mine.body).toBe(200);
    const data = mine.json().data;
    expect(data.totals.assigned).toBe(3);
    expect(new Set(data.students.map((e: Entry) => e.school_id))).toEqual(new Set([s.school.id]));
    expect(data.schools.map((school: { id: number }) => school.id)).toEqual([s.school.id]);
    expect((await s.staff(s.cookies.school).monitor(`?filter[school_id]=${s.other.school.id}`)).statusCode).toBe(404);
  });

  it('is refused to those who may not watch (401, 403), and to a missing exam (404) or a bad filter (400)', async () => {
    const s = await buildExamDayScene(t, registry);
    const path = `/api/exams/${s.exam.id}/monitor`;
    expect((await call(t.app, 'GET', path)).statusCode).toBe(401);
    const corrector = await signIn(t.app, await buildUser(t.db, { role: 'com.ltm.roles.corrector' }));
    expect((await call(t.app, 'GET', path, undefined, { cookie: corrector })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', path, undefined, { cookie: s.student(0).cookie })).statusCode).toBe(403);
    expect((await s.staff(s.cookies.author).monitor()).statusCode).toBe(200);
    expect(
      (await call(t.app, 'GET', '/api/exams/999999/monitor', undefined, { cookie: s.cookies.admin })).statusCode,
    ).toBe(404);
    expect((await s.staff(s.cookies.admin).monitor('?filter[school_id]=abc')).statusCode).toBe(400);
  });
});

describe('the heartbeat', () => {
  it('answers the attempt as a supervisor left it, and is the student’s own (404 for another’s, 422 for a bad body)', async () => {
    const s = await buildExamDayScene(t, registry);
    const started = (await s.student(0).as('POST', '/start')).json().data;
    const other = s.student(1);
    const theirs = await call(
      t.app,
      'POST',
      `/api/student/exams/${other.id}/heartbeat`,
      { attempt_id: started.id, unsent: 0 },
      {
        cookie: s.student(0).cookie,
      },
    );
    expect(theirs.statusCode).toBe(404);
    expect((await s.student(0).as('POST', '/heartbeat', { attempt_id: started.id, unsent: -1 })).statusCode).toBe(422);
    expect((await s.student(0).as('POST', '/heartbeat', { attempt_id: started.id })).statusCode).toBe(422);
    const staffBeat = await call(
      t.app,
      'POST',
      `/api/student/exams/${s.student(0).id}/heartbeat`,
      { attempt_id: started.id, unsent: 0 },
      {
        cookie: s.cookies.admin,
      },
    );
    expect(staffBeat.statusCode).toBe(403);
    // Not started: no attempt.
    const none = await s.student(2).as('POST', '/heartbeat', { attempt_id: started.id, unsent: 0 });
    expect(none.json().data).toMatchObject({ attempt_id: null, status: 'none', deadline_at: null });
  });
});

describe('the monitor shared between supervisors', () => {
  it('answers one reading for the same view for a moment, and forgets it when an intervention changes the exam', async () => {
    const shared = await createTestApp({ delivery: { ...loadConfig({}).delivery, monitorCacheMs: 2000 } }, clock);
    try {
      const s = await buildExamDayScene(shared, registry);
      const read = async () => (await s.staff(s.cookies.admin).monitor()).json().data.totals;
      expect(await read()).toMatchObject({ in_progress: 0, not_started: 5 });
      await s.student(0).as('POST', '/start');
      // The same view within the moment: the reading already made.
      expect(await read()).toMatchObject({ in_progress: 0 });
      // A little later: the reading before, while the next one is made beside it; then that one.
      clock.set('2026-06-05T09:00:03Z');
      expect(await read()).toMatchObject({ in_progress: 0 });
      await expect.poll(read, { timeout: 5000 }).toMatchObject({ in_progress: 1 });
      // Much later, a reading is made for the reader.
      await s.student(2).as('POST', '/start');
      clock.set('2026-06-05T09:00:15Z');
      expect(await read()).toMatchObject({ in_progress: 2 });
      await s.student(1).as('POST', '/start');
      expect(await read()).toMatchObject({ in_progress: 2 });
      const extended = await s.staff(s.cookies.admin).intervene({
        action: 'extend',
        student_ids: [s.students[0].id],
        minutes: 5,
        reason: 'Fire alarm',
      });
      expect(extended.statusCode).toBe(200);
      expect(await read()).toMatchObject({ in_progress: 3 });
    } finally {
      await shared.close();
    }
  });
});
