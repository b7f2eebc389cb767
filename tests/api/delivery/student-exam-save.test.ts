import { describe, expect, it } from 'vitest';
import { finalizeDueAttempts } from '../../../src/server/delivery';
import { call } from '../../helpers/api-client';
import { assign } from '../../helpers/delivery-factory';
import { assigned, author, clock, t, useStudentExamApp, WINDOW } from './student-exam-scene';

useStudentExamApp();

describe('saving answers', () => {
  it('keeps the highest seq per question: stale and repeated saves change nothing and are acknowledged', async () => {
    const s = await assigned();
    await s.as('POST', '/start');
    const save = (value: boolean, seq: number) =>
      s.as('PUT', '/answers', { answers: [{ question_id: s.q.tf, answer: { value }, seq }] });
    expect((await save(true, 3)).json().data.saved).toEqual([{ question_id: s.q.tf, seq: 3 }]);
    const stale = await save(false, 2);
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data.saved).toEqual([{ question_id: s.q.tf, seq: 3 }]);
    await save(false, 3);
    let attempt = (await s.as('GET', '/attempt')).json().data;
    expect(attempt.answers[String(s.q.tf)]).toEqual({ answer: { value: true }, seq: 3 });
    await save(false, 4);
    attempt = (await s.as('GET', '/attempt')).json().data;
    expect(attempt.answers[String(s.q.tf)]).toEqual({ answer: { value: false }, seq: 4 });
  });

  it("checks each answer against its question's type, names the question, and stores nothing of a bad batch", async () => {
    const s = await assigned();
    await s.as('POST', '/start');
    const response = await s.as('PUT', '/answers', {
      answers: [
        { question_id: s.q.tf, answer: { value: true }, seq: 1 },
        { question_id: s.q.sc, answer: { value: 'a' }, seq: 1 },
        { question_id: 99_999_999, answer: { value: true }, seq: 1 },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([`answers.${s.q.sc}`, 'answers.99999999'].sort());
    expect(response.json().errors['answers.99999999']).toEqual(['This question is not part of the exam.']);
    const stored = await t.db.selectFrom('attempt_answers').selectAll().execute();
    expect(stored.filter((a) => a.question_id === s.q.tf)).toEqual([]);
    for (const body of [{}, { answers: [] }, { answers: [{ question_id: s.q.tf, answer: {}, seq: -1 }] }])
      expect((await s.as('PUT', '/answers', body)).statusCode).toBe(422);
  });

  it('takes answers during the grace period, then refuses with 418 and submits the attempt by itself', async () => {
    const s = await assigned();
    await s.as('POST', '/start');
    clock.set('2026-06-05T09:45:30Z');
    const late = await s.as('PUT', '/answers', { answers: [{ question_id: s.q.tf, answer: { value: true }, seq: 1 }] });
    expect(late.statusCode, late.body).toBe(200);
    clock.set('2026-06-05T09:46:01Z');
    const tooLate = await s.as('PUT', '/answers', {
      answers: [{ question_id: s.q.sc, answer: { option_id: 'a' }, seq: 1 }],
    });
    expect([tooLate.statusCode, tooLate.json().message]).toEqual([
      418,
      'The time for this exam is over: the answer was not saved.',
    ]);
    const attempt = (await s.as('GET', '/attempt')).json().data;
    expect(attempt).toMatchObject({ status: 'submitted', auto_submitted: true });
    expect(Object.keys(attempt.answers)).toEqual([String(s.q.tf)]);
  });

  it('refuses a save to an assignment that a reassignment erased, though this server saved to it before', async () => {
    const s = await assigned();
    await s.as('POST', '/start');
    const save = (seq: number) =>
      s.as('PUT', '/answers', { answers: [{ question_id: s.q.tf, answer: { value: true }, seq }] });
    expect((await save(1)).statusCode).toBe(200);
    await assign(t.app, author, s.exam.id, { ...WINDOW, student_ids: [s.students[0].id] }, true);
    const refused = await save(2);
    expect(refused.statusCode).toBe(404);
    expect(await t.db.selectFrom('attempt_answers').select('seq').where('question_id', '=', s.q.tf).execute()).toEqual(
      [],
    );
  });

  it('refuses saves before the start and after submission', async () => {
    const s = await assigned();
    const body = { answers: [{ question_id: s.q.tf, answer: { value: true }, seq: 1 }] };
    expect((await s.as('PUT', '/answers', body)).json().message).toBe('Start the exam first.');
    await s.as('POST', '/start');
    await s.as('POST', '/submit');
    const after = await s.as('PUT', '/answers', body);
    expect([after.statusCode, after.json().message]).toEqual([418, 'This exam has been submitted already.']);
  });
});

describe('submitting', () => {
  it('scores each automatic type, leaves the essay to a corrector, and is idempotent', async () => {
    const s = await assigned();
    await s.as('POST', '/start');
    await s.as('PUT', '/answers', {
      answers: [
        { question_id: s.q.tf, answer: { value: true }, seq: 1 },
        { question_id: s.q.sc, answer: { option_id: 'b' }, seq: 1 },
        { question_id: s.q.essay, answer: { text: 'My favourite season is spring.' }, seq: 1 },
      ],
    });
    // Results released before the submission reach the student at once.
    const release = await call(t.app, 'POST', `/api/exams/${s.exam.id}/release`, {}, { cookie: author });
    expect(release.statusCode, release.body).toBe(200);
    const first = await s.as('POST', '/submit');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      status: 'submitted',
      auto_submitted: false,
      result: { released: true, score: 4, max_score: 12, needs_correction: true, questions: null },
    });
    clock.advance(60);
    const second = await s.as('POST', '/submit');
    expect(second.json().data.submitted_at).toBe(first.json().data.submitted_at);
    const answers = await t.db
      .selectFrom('attempt_answers')
      .select(['question_id', 'score', 'needs_manual'])
      .where('question_id', 'in', [s.q.tf, s.q.sc, s.q.essay])
      .orderBy('question_id')
      .execute();
    expect(answers.map((a) => [Number(a.score), a.needs_manual])).toEqual([
      [4, false],
      [0, false],
      [0, true],
    ]);
  });

  it('submits every attempt past its deadline and grace by the sweep, with the answers it holds', async () => {
    const s = await assigned();
    await s.as('POST', '/start');
    await s.as('PUT', '/answers', { answers: [{ question_id: s.q.tf, answer: { value: true }, seq: 1 }] });
    expect(await finalizeDueAttempts(t.db, new Date('2026-06-05T09:45:59Z'), 60)).toBe(0);
    expect(await finalizeDueAttempts(t.db, new Date('2026-06-05T09:46:01Z'), 60)).toBeGreaterThanOrEqual(1);
    const attempt = await t.db
      .selectFrom('exam_attempts')
      .selectAll()
      .where('student_exam_id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ status: 'submitted', auto_submitted: true });
    expect(Number(attempt.score)).toBe(4);
  });
});

describe('reassigning', () => {
  it('erases the earlier attempts and answers and lets the student start afresh', async () => {
    const s = await assigned();
    await s.as('POST', '/start');
    await s.as('PUT', '/answers', { answers: [{ question_id: s.q.tf, answer: { value: true }, seq: 1 }] });
    await s.as('POST', '/submit');
    const students = await call(
      t.app,
      'GET',
      `/api/exams/${s.exam.id}/assignation/schools/${s.school.id}/students`,
      undefined,
      { cookie: author },
    );
    expect(students.json().data.find((x: { id: number }) => x.id === s.students[0].id)).toMatchObject({
      assigned: true,
      started: true,
      has_answers: true,
    });
    const again = await assign(t.app, author, s.exam.id, { ...WINDOW, student_ids: [s.students[0].id] }, true);
    expect(again.json().data).toEqual({ assigned: 1, already_assigned: 0, skipped: [] });
    expect(await t.db.selectFrom('attempt_answers').select('seq').where('question_id', '=', s.q.tf).execute()).toEqual(
      [],
    );
    const fresh = await call(t.app, 'GET', '/api/student/exams', undefined, { cookie: s.studentCookie });
    const entry = fresh.json().data.find((x: { exam: { id: number } }) => x.exam.id === s.exam.id);
    expect(entry.status).toBe('available');
  });
});
