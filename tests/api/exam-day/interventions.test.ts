import { describe, expect, it } from 'vitest';
import { heartbeatAnswer, interventionOutcome } from '../../../src/common/contracts/index';
import { finalizeDueAttempts } from '../../../src/server/delivery';
import { call } from '../../helpers/api-client';
import { buildUser, signIn } from '../../helpers/factories';
import { auditRows, buildExamDayScene, type ExamDayScene } from '../../helpers/exam-day-scene';
import { clock, registry, t, useExamDayApp } from '../../helpers/exam-day-app';

/**
 * Issue 26, interventions: extend, reopen, force-submit and reset, each with a reason, each
 * audited, each felt by the student's player (its next heartbeat or save) without a reload; and
 * every refusal: wrong role, wrong school, after release, on a practice test, nothing to act on.
 */
useExamDayApp();

const beat = async (s: ExamDayScene, i: number, attemptId: number) => {
  const response = await s.student(i).as('POST', '/heartbeat', { attempt_id: attemptId, unsent: 0 });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data;
  expect(heartbeatAnswer.safeParse(data).error?.issues ?? []).toEqual([]);
  return data;
};
const answer = (s: ExamDayScene, i: number, attemptId: number, seq = 1) =>
  s.student(i).as('PUT', '/answers', {
    attempt_id: attemptId,
    answers: [{ question_id: s.q.tf, answer: { value: true }, seq }],
  });

describe('extend', () => {
  it('moves the deadline of a class’s running attempts, which the players see, and audits each with its reason', async () => {
    const s = await buildExamDayScene(t, registry);
    const a = (await s.student(0).as('POST', '/start')).json().data;
    const b = (await s.student(1).as('POST', '/start')).json().data;
    const preview = await s.staff(s.cookies.admin).intervene({
      action: 'extend',
      school_class_id: s.schoolClass.id,
      minutes: 5,
      reason: 'Fire alarm',
      preview: true,
    });
    expect(preview.json().data).toMatchObject({
      preview: true,
      applied: [{}, {}],
      skipped: [{ reason: 'not_started' }],
    });
    expect((await beat(s, 0, a.id)).deadline_at).toBe('2026-06-05T09:45:00.000Z');

    const response = await s.staff(s.cookies.admin).intervene({
      action: 'extend',
      school_class_id: s.schoolClass.id,
      minutes: 5,
      reason: 'Fire alarm',
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(interventionOutcome.safeParse(data).error?.issues ?? []).toEqual([]);
    expect(data.applied.map((e: { student_id: number }) => e.student_id).sort()).toEqual(
      [s.students[0].id, s.students[1].id].sort(),
    );
    expect(data.skipped).toEqual([expect.objectContaining({ student_id: s.students[2].id, reason: 'not_started' })]);
    expect(await beat(s, 0, a.id)).toMatchObject({ deadline_at: '2026-06-05T09:50:00.000Z', extra_seconds: 300 });
    const saved = (await answer(s, 1, b.id)).json().data;
    expect([saved.deadline_at, saved.extra_seconds]).toEqual(['2026-06-05T09:50:00.000Z', 300]);

    // Past the old deadline and grace, the extended attempt still takes answers.
    clock.set('2026-06-05T09:47:00Z');
    expect((await answer(s, 0, a.id, 2)).statusCode).toBe(200);
    const audit = (await auditRows(t, 'exam_day.extend')).slice(-2);
    expect(audit.map((row) => row.target).sort()).toEqual(
      [`student_exams/${s.student(0).id}`, `student_exams/${s.student(1).id}`].sort(),
    );
    expect(audit[0]).toMatchObject({
      reason: 'Fire alarm',
      school_id: s.school.id,
      summary: expect.objectContaining({ minutes: 5, before: expect.objectContaining({ status: 'in_progress' }) }),
    });
  });

  it('applies to nobody who is not sitting it: 418 with the reason, and nothing is audited', async () => {
    const s = await buildExamDayScene(t, registry);
    const before = (await auditRows(t, 'exam_day.extend')).length;
    const response = await s.staff(s.cookies.admin).intervene({
      action: 'extend',
      school_id: s.school.id,
      minutes: 5,
      reason: 'Fire alarm',
    });
    expect([response.statusCode, response.json().message]).toEqual([
      418,
      'None of these students has started this exam.',
    ]);
    expect((await auditRows(t, 'exam_day.extend')).length).toBe(before);
  });
});

describe('force_submit', () => {
  it('submits a running attempt with its answers; the player is told it was a supervisor, and its saves are refused', async () => {
    const s = await buildExamDayScene(t, registry, { release_results: 'manual' });
    const a = (await s.student(0).as('POST', '/start')).json().data;
    await answer(s, 0, a.id);
    const response = await s.staff(s.cookies.author).intervene({
      action: 'force_submit',
      student_ids: [s.students[0].id],
      reason: 'Cheating suspected',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await beat(s, 0, a.id)).toMatchObject({ status: 'submitted', forced: true, auto_submitted: false });
    expect((await answer(s, 0, a.id, 2)).statusCode).toBe(418);
    const view = (await s.student(0).as('GET', '/attempt')).json().data;
    expect(view).toMatchObject({ status: 'submitted', forced: true, result: { released: false, score: null } });
    const attempt = await t.db.selectFrom('exam_attempts').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(Number(attempt.score)).toBe(4);
    expect((await auditRows(t, 'exam_day.force_submit')).at(-1)).toMatchObject({
      reason: 'Cheating suspected',
      summary: expect.objectContaining({ after: { status: 'submitted', forced: true } }),
    });
  });
});

describe('reopen', () => {
  it('reopens a submitted attempt with its answers and the time that was left; the player’s next heartbeat sees it running', async () => {
    const s = await buildExamDayScene(t, registry, { release_results: 'manual' });
    const a = (await s.student(0).as('POST', '/start')).json().data;
    await answer(s, 0, a.id);
    clock.set('2026-06-05T09:15:00Z');
    await s.student(0).as('POST', '/submit');
    clock.set('2026-06-05T09:30:00Z');
    const response = await s.staff(s.cookies.admin).intervene({
      action: 'reopen',
      student_ids: [s.students[0].id],
      reason: 'Computer crashed',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.applied[0].deadline_at).toBe('2026-06-05T10:00:00.000Z');
    expect(await beat(s, 0, a.id)).toMatchObject({ status: 'in_progress', deadline_at: '2026-06-05T10:00:00.000Z' });
    const view = (await s.student(0).as('GET', '/attempt')).json().data;
    expect(Object.keys(view.answers)).toEqual([String(s.q.tf)]);
    expect((await answer(s, 0, a.id, 2)).statusCode).toBe(200);
    // At its new deadline and grace it is submitted by the clock again (the sweep behind its job).
    clock.set('2026-06-05T10:01:01Z');
    await finalizeDueAttempts(t.db, clock.now(), 60);
    expect(await beat(s, 0, a.id)).toMatchObject({ status: 'submitted', auto_submitted: true });
    expect((await auditRows(t, 'exam_day.reopen')).at(-1)).toMatchObject({
      reason: 'Computer crashed',
      summary: expect.objectContaining({ before: expect.objectContaining({ status: 'submitted' }) }),
    });
  });

  it('gives the minutes asked, and is refused once the results are released, once marking has begun, or with no time left', async () => {
    const s = await buildExamDayScene(t, registry, { release_results: 'manual' });
    for (const i of [0, 1, 2]) {
      await s.student(i).as('POST', '/start');
      clock.set('2026-06-05T09:50:00Z');
      await s.student(i).as('GET', '/attempt');
      clock.set('2026-06-05T09:00:00Z');
    }
    clock.set('2026-06-05T09:50:00Z');
    const noTime = await s.staff(s.cookies.admin).intervene({
      action: 'reopen',
      student_ids: [s.students[0].id],
      reason: 'Crash',
    });
    expect([noTime.statusCode, noTime.json().message]).toEqual([
      418,
      'No time was left when these attempts closed: give the minutes to reopen them with.',
    ]);
    const given = await s.staff(s.cookies.admin).intervene({
      action: 'reopen',
      student_ids: [s.students[0].id],
      minutes: 10,
      reason: 'Crash',
    });
    expect(given.json().data.applied[0].deadline_at).toBe('2026-06-05T10:00:00.000Z');

    await t.db
      .updateTable('exam_attempts')
      .set({ marking_started: true })
      .where('student_exam_id', '=', s.student(1).id)
      .execute();
    const marked = await s.staff(s.cookies.admin).intervene({
      action: 'reopen',
      student_ids: [s.students[1].id],
      minutes: 10,
      reason: 'Crash',
    });
    expect([marked.statusCode, marked.json().message]).toEqual([
      418,
      'Marking of these attempts has begun: they can no longer be reopened.',
    ]);

    expect((await s.staff(s.cookies.author).release({ student_ids: [s.students[2].id] })).statusCode).toBe(200);
    const released = await s.staff(s.cookies.admin).intervene({
      action: 'reopen',
      student_ids: [s.students[2].id],
      minutes: 10,
      reason: 'Crash',
    });
    expect([released.statusCode, released.json().message]).toEqual([
      418,
      'Their results have been released: withdraw the release first.',
    ]);
    const status = await t.db
      .selectFrom('exam_attempts')
      .select('status')
      .where('student_exam_id', 'in', [s.student(1).id, s.student(2).id])
      .execute();
    expect(status.map((row) => row.status)).toEqual(['submitted', 'submitted']);
  });
});

describe('reset', () => {
  it('names what it erases in a preview, erases it, audits it, and sends the player back to the start', async () => {
    const s = await buildExamDayScene(t, registry);
    const a = (await s.student(0).as('POST', '/start')).json().data;
    await s.student(0).as('PUT', '/answers', {
      attempt_id: a.id,
      answers: [
        { question_id: s.q.tf, answer: { value: true }, seq: 1 },
        { question_id: s.q.essay, answer: { text: 'Spring' }, seq: 1 },
      ],
    });
    const preview = await s.staff(s.cookies.admin).intervene({
      action: 'reset',
      student_ids: [s.students[0].id],
      reason: 'Wrong student at the computer',
      preview: true,
    });
    expect(interventionOutcome.safeParse(preview.json().data).error?.issues ?? []).toEqual([]);
    expect(preview.json().data.applied).toEqual([
      expect.objectContaining({ student_id: s.students[0].id, erases: { attempts: 1, answers: 2, marks: 0 } }),
    ]);
    expect(
      await t.db.selectFrom('attempt_answers').select('question_id').where('attempt_id', '=', a.id).execute(),
    ).toHaveLength(2);

    const response = await s.staff(s.cookies.admin).intervene({
      action: 'reset',
      student_ids: [s.students[0].id],
      reason: 'Wrong student at the computer',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await beat(s, 0, a.id)).toMatchObject({ attempt_id: null, status: 'none' });
    expect((await answer(s, 0, a.id)).statusCode).toBe(418);
    expect(await t.db.selectFrom('exam_attempts').select('id').where('id', '=', a.id).execute()).toEqual([]);
    const again = (await s.student(0).as('POST', '/start')).json().data;
    expect(again).toMatchObject({ status: 'in_progress', answers: {} });
    expect((await auditRows(t, 'exam_day.reset')).at(-1)).toMatchObject({
      reason: 'Wrong student at the computer',
      summary: expect.objectContaining({ erased: { attempts: 1, answers: 2, marks: 0 } }),
    });
  });
});

describe('refusals', () => {
  it('refuses the signed out (401), those who may not intervene (403: corrector, school staff, student), and another school (404)', async () => {
    const s = await buildExamDayScene(t, registry);
    await s.student(0).as('POST', '/start');
    const body = { action: 'extend', student_ids: [s.students[0].id], minutes: 5, reason: 'Fire alarm' };
    const path = `/api/exams/${s.exam.id}/interventions`;
    expect((await call(t.app, 'POST', path, body)).statusCode).toBe(401);
    const corrector = await signIn(t.app, await buildUser(t.db, { role: 'com.ltm.roles.corrector' }));
    for (const cookie of [corrector, s.cookies.school, s.student(0).cookie])
      expect((await call(t.app, 'POST', path, body, { cookie })).statusCode).toBe(403);
    const otherSchool = { action: 'extend', school_id: s.other.school.id, minutes: 5, reason: 'Fire alarm' };
    expect((await s.staff(s.cookies.supervisor).intervene(otherSchool)).statusCode).toBe(404);
    const otherStudent = { ...body, student_ids: [s.other.students[0].id] };
    expect((await s.staff(s.cookies.supervisor).intervene(otherStudent)).statusCode).toBe(404);
    expect((await s.staff(s.cookies.supervisor).intervene({ ...body, school_class_id: undefined })).statusCode).toBe(
      200,
    );
    const deadline = await t.db
      .selectFrom('exam_attempts')
      .select('extra_seconds')
      .where('student_exam_id', '=', s.student(0).id)
      .executeTakeFirstOrThrow();
    expect(deadline.extra_seconds).toBe(300);
  });

  it('refuses bad bodies (422 in the request’s language) and a practice test (418)', async () => {
    const s = await buildExamDayScene(t, registry);
    const staff = s.staff(s.cookies.admin);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ action: 'extend', student_ids: [s.students[0].id], minutes: 5 }, ['reason']],
      [{ action: 'extend', student_ids: [s.students[0].id], reason: 'Fire alarm' }, ['minutes']],
      [{ action: 'extend', minutes: 5, reason: 'Fire alarm' }, ['student_ids']],
      [
        { action: 'extend', student_ids: [s.students[0].id], school_id: s.school.id, minutes: 5, reason: 'Fire alarm' },
        ['student_ids'],
      ],
      [{ action: 'pause', student_ids: [s.students[0].id], reason: 'Fire alarm' }, ['action']],
      [{ action: 'extend', student_ids: [s.students[0].id], minutes: 601, reason: 'Fire alarm' }, ['minutes']],
    ];
    for (const [body, fields] of cases) {
      const response = await staff.intervene(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toEqual(fields);
    }
    const arabic = await call(t.app, 'POST', `/api/exams/${s.exam.id}/interventions`, cases[0][0], {
      cookie: s.cookies.admin,
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.json().message).toMatch(/[\u0600-\u06FF]/);

    await t.db.updateTable('exam_types').set({ is_mock: true }).where('id', '=', s.exam.exam_type_id).execute();
    const mock = await staff.intervene({
      action: 'extend',
      student_ids: [s.students[0].id],
      minutes: 5,
      reason: 'Fire alarm',
    });
    expect(mock.statusCode).toBe(418);
    expect((await s.staff(s.cookies.author).release()).statusCode).toBe(418);
  });
});
