import { describe, expect, it } from 'vitest';
import { call } from '../../helpers/api-client';
import { assign, buildDeliveryScene } from '../../helpers/delivery-factory';
import { buildUser, buildUserWithPermissions, signIn } from '../../helpers/factories';
import { assigned, author, clock, QUESTIONS, registry, t, useStudentExamApp, WINDOW } from './student-exam-scene';

useStudentExamApp();

describe("the student's exams", () => {
  it('lists the assignment with its outline and a status that follows the clock', async () => {
    const s = await assigned();
    const list = async () =>
      (await call(t.app, 'GET', '/api/student/exams', undefined, { cookie: s.studentCookie })).json().data;
    clock.set('2026-06-01T09:00:00Z');
    expect((await list())[0]).toMatchObject({
      id: s.id,
      status: 'upcoming',
      exam: { id: s.exam.id, duration_minutes: 45, question_count: 3, is_mock: false },
      start_date_time: WINDOW.start_date_time,
    });
    clock.set('2026-06-05T09:00:00Z');
    expect((await list())[0]).toMatchObject({ status: 'available', time_left_seconds: 45 * 60 });
    await s.as('POST', '/start');
    clock.advance(600);
    expect((await list())[0]).toMatchObject({ status: 'in_progress', time_left_seconds: 35 * 60 });
    await s.as('POST', '/submit');
    expect((await list())[0]).toMatchObject({ status: 'submitted', time_left_seconds: 0 });
  });

  it('keeps an attempt in progress, with no time left, through the grace after its deadline', async () => {
    const s = await assigned();
    await s.as('POST', '/start');
    const list = async () =>
      (await call(t.app, 'GET', '/api/student/exams', undefined, { cookie: s.studentCookie })).json().data[0];
    clock.advance(45 * 60 + 30);
    expect(await list()).toMatchObject({ status: 'in_progress', time_left_seconds: 0 });
    clock.advance(31);
    expect(await list()).toMatchObject({ status: 'submitted', time_left_seconds: 0 });
  });

  it('marks an assignment nobody started as expired once its window closes', async () => {
    const s = await assigned();
    clock.set('2026-06-21T09:00:00Z');
    const list = await call(t.app, 'GET', '/api/student/exams', undefined, { cookie: s.studentCookie });
    expect(list.json().data[0].status).toBe('expired');
  });
});

describe('starting', () => {
  it('starts once: a second call or a second tab gets the same attempt and clock, without any key', async () => {
    const s = await assigned();
    const [first, second] = await Promise.all([s.as('POST', '/start'), s.as('POST', '/start')]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().data.id).toBe(first.json().data.id);
    clock.advance(120);
    const third = (await s.as('POST', '/start')).json().data;
    expect(third).toMatchObject({ id: first.json().data.id, started_at: '2026-06-05T09:00:00.000Z' });
    expect(third.deadline_at).toBe('2026-06-05T09:45:00.000Z');
    expect(third.questions.map((q: { id: number }) => q.id)).toEqual([s.q.tf, s.q.sc, s.q.essay]);
    const body = JSON.stringify(third);
    expect(body).not.toContain('answer_key');
    expect(body).not.toContain('"correct"');
    const attempts = await t.db.selectFrom('exam_attempts').select('id').where('student_exam_id', '=', s.id).execute();
    expect(attempts).toHaveLength(1);
  });

  it('ends the deadline at the window end when that comes before the duration', async () => {
    const s = await assigned();
    clock.set('2026-06-20T14:50:00Z');
    expect((await s.as('POST', '/start')).json().data.deadline_at).toBe('2026-06-20T15:00:00.000Z');
  });

  it('refuses with 418 before the window, after it, and after submission', async () => {
    const s = await assigned();
    clock.set('2026-06-02T07:59:00Z');
    const early = await s.as('POST', '/start');
    expect([early.statusCode, early.json().message]).toEqual([418, 'This exam has not opened yet.']);
    clock.set('2026-06-20T15:00:01Z');
    expect((await s.as('POST', '/start')).json().message).toBe('This exam has closed.');
    clock.set('2026-06-05T09:00:00Z');
    await s.as('POST', '/start');
    await s.as('POST', '/submit');
    const again = await s.as('POST', '/start');
    expect([again.statusCode, again.json().message]).toEqual([418, 'This exam has been submitted already.']);
  });
});

describe('the questions kept in memory for a start rush', () => {
  it('are prepared again once the exam is republished after a change', async () => {
    const s = await assigned();
    const textOf = async () => {
      const view = (await s.as('POST', '/start')).json().data;
      return view.questions.find((q: { id: number }) => q.id === s.q.tf).text as string;
    };
    const before = await textOf();
    // Reassigning erases the start, so the exam may be unpublished, changed and published again.
    await assign(t.app, author, s.exam.id, { ...WINDOW, student_ids: [s.students[0].id] }, true);
    const exam = `/api/exams/${s.exam.id}`;
    expect((await call(t.app, 'PUT', `${exam}/unpublish`, undefined, { cookie: author })).statusCode).toBe(200);
    await t.db.updateTable('exam_questions').set({ text: '<p>Changed</p>' }).where('id', '=', s.q.tf).execute();
    const row = await t.db
      .selectFrom('student_exams')
      .select('id')
      .where('exam_id', '=', s.exam.id)
      .executeTakeFirstOrThrow();
    // While it is unpublished (being changed), nobody starts it.
    const early = await call(t.app, 'POST', `/api/student/exams/${row.id}/start`, undefined, {
      cookie: s.studentCookie,
    });
    expect([early.statusCode, early.json().message]).toEqual([
      418,
      'This exam is not available at the moment: it is being changed.',
    ]);
    expect((await call(t.app, 'PUT', `${exam}/publish`, undefined, { cookie: author })).statusCode).toBe(200);
    const restarted = await call(t.app, 'POST', `/api/student/exams/${row.id}/start`, undefined, {
      cookie: s.studentCookie,
    });
    const question = restarted.json().data.questions.find((q: { id: number }) => q.id === s.q.tf);
    expect([before, question.text]).not.toContain(undefined);
    expect(before).not.toBe('<p>Changed</p>');
    expect(question.text).toBe('<p>Changed</p>');
  });
});

describe('ownership and permissions', () => {
  it("answers 404 for another student's assignment on every student route, and 403 without a student record", async () => {
    const s = await assigned();
    const other = await assigned();
    const routes: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['GET', '/attempt'],
      ['POST', '/start'],
      ['PUT', '/answers', { answers: [{ question_id: other.q.tf, answer: { value: true }, seq: 1 }] }],
      ['POST', `/media/${other.q.tf}/play`],
      ['POST', '/submit'],
    ];
    for (const [method, path, body] of routes) {
      const response = await call(t.app, method, `/api/student/exams/${other.id}${path}`, body, {
        cookie: s.studentCookie,
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    const noRecord = await signIn(t.app, await buildUser(t.db, { role: 'com.ltm.roles.student' }));
    const denied = await call(t.app, 'GET', '/api/student/exams', undefined, { cookie: noRecord });
    expect([denied.statusCode, denied.json().message]).toEqual([403, 'This account is not linked to a student.']);
    const staff = await signIn(t.app, await buildUserWithPermissions(t.db, ['com.ltm.permissions.exams.view.exam']));
    expect((await call(t.app, 'GET', '/api/student/exams', undefined, { cookie: staff })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api/student/exams/${s.id}/start`)).statusCode).toBe(401);
    expect(
      await t.db.selectFrom('exam_attempts').select('id').where('student_exam_id', '=', other.id).execute(),
    ).toEqual([]);
  });
});

describe('media replays, mock retakes, shuffles and the exam lifecycle', () => {
  it("enforces a question's replay count, and keeps the count with the attempt", async () => {
    const s = await assigned(
      {},
      {
        questions: [
          {
            kind: 'true_false',
            key: { correct: true },
            overrides: { media_type: 'audio', media: 'media/0a1b2c3d.wav', media_replay_count: 2 },
          },
        ],
      },
    );
    await s.as('POST', '/start');
    const play = () => s.as('POST', `/media/${s.q.tf}/play`);
    expect((await play()).json().data).toEqual({ plays: 1, remaining: 1 });
    expect((await play()).json().data).toEqual({ plays: 2, remaining: 0 });
    const third = await play();
    expect([third.statusCode, third.json().message]).toEqual([
      418,
      'This media has been played as many times as allowed.',
    ]);
    expect((await s.as('GET', '/attempt')).json().data.media_plays).toEqual({ [String(s.q.tf)]: 2 });
  });

  it('refuses a play before the start (418) and of a question outside the exam (404)', async () => {
    const s = await assigned();
    const early = await s.as('POST', `/media/${s.q.tf}/play`);
    expect([early.statusCode, early.json().message]).toEqual([418, 'Start the exam first.']);
    await s.as('POST', '/start');
    expect((await s.as('POST', '/media/99999999/play')).statusCode).toBe(404);
  });

  it('lets a mock exam be taken again, each attempt fresh, with results at once and no correction', async () => {
    const scene = await assigned({}, {});
    await t.db.updateTable('exam_types').set({ is_mock: true }).where('id', '=', scene.exam.exam_type_id).execute();
    const first = (await scene.as('POST', '/start')).json().data;
    await scene.as('PUT', '/answers', {
      answers: [
        { question_id: scene.q.tf, answer: { value: true }, seq: 1 },
        { question_id: scene.q.essay, answer: { text: 'Spring.' }, seq: 1 },
      ],
    });
    const result = (await scene.as('POST', '/submit')).json().data.result;
    expect(result).toMatchObject({ score: 4, needs_correction: false });
    expect(result.questions).toHaveLength(3);
    const second = (await scene.as('POST', '/start')).json().data;
    expect(second).toMatchObject({ number: 2, status: 'in_progress', answers: {} });
    expect(second.id).not.toBe(first.id);

    // A page left open on the first attempt cannot answer the second; the second's own answers go in.
    const late = { question_id: scene.q.tf, answer: { value: false }, seq: 9 };
    const stale = await scene.as('PUT', '/answers', { attempt_id: first.id, answers: [late] });
    expect([stale.statusCode, stale.json().message]).toEqual([
      418,
      'These answers were given in an earlier attempt of this exam, which is over: they were not saved.',
    ]);
    const own = await scene.as('PUT', '/answers', { attempt_id: second.id, answers: [{ ...late, seq: 1 }] });
    expect(own.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('attempt_answers')
      .select(['attempt_id', 'seq'])
      .where('question_id', '=', scene.q.tf)
      .execute();
    expect(stored).toEqual(expect.arrayContaining([{ attempt_id: second.id, seq: 1 }]));
    expect(stored.find((row) => row.seq === 9)).toBeUndefined();
  });

  it('shuffles questions and choices when asked, the same way on every resume', async () => {
    const many = Array.from({ length: 8 }, () => QUESTIONS[1]);
    const s = await assigned({ shuffle_questions: true, shuffle_choices: true }, { questions: many });
    const started = (await s.as('POST', '/start')).json().data;
    const order = (attempt: { questions: { id: number; view: { options: { id: string }[] } }[] }) =>
      attempt.questions.map((q) => `${q.id}:${q.view.options.map((o) => o.id).join('')}`);
    const resumed = (await s.as('GET', '/attempt')).json().data;
    expect(order(resumed)).toEqual(order(started));
    const authored = s.questions.map((q) => q.id);
    expect(started.questions.map((q: { id: number }) => q.id)).not.toEqual(authored);
    expect([...started.questions.map((q: { id: number }) => q.id)].sort()).toEqual([...authored].sort());
  });

  it("shows a localized assignment in its localization's texts", async () => {
    const scene = await buildDeliveryScene(t.app, t.db, registry, { questions: QUESTIONS });
    const [tf] = scene.questions;
    const created = await call(
      t.app,
      'POST',
      `/api/exams/${scene.exam.id}/localizations`,
      {
        name: 'Saudi Arabia',
        countries: ['SA'],
        translations: { questions: { [String(tf.id)]: { text: '<p>هل هذا صحيح؟</p>' } } },
      },
      { cookie: author },
    );
    expect(created.statusCode, created.body).toBe(201);
    const localizationId = created.json().data.id;
    const published = await call(
      t.app,
      'POST',
      '/api/exam-localizations/publish',
      { exam_localization_ids: [localizationId] },
      { cookie: author },
    );
    expect(published.statusCode, published.body).toBe(200);
    await assign(t.app, author, scene.exam.id, {
      ...WINDOW,
      student_ids: [scene.students[0].id],
      exam_localization_id: localizationId,
    });
    const row = await t.db
      .selectFrom('student_exams')
      .select('id')
      .where('exam_id', '=', scene.exam.id)
      .executeTakeFirstOrThrow();
    const started = await call(t.app, 'POST', `/api/student/exams/${row.id}/start`, undefined, {
      cookie: scene.studentCookie,
    });
    const question = started.json().data.questions.find((q: { id: number }) => q.id === tf.id);
    expect(question).toMatchObject({ text: '<p>هل هذا صحيح؟</p>', content_language: 'ar' });
  });

  it('refuses to unpublish an exam that students have started', async () => {
    const s = await assigned();
    await s.as('POST', '/start');
    const response = await call(t.app, 'PUT', `/api/exams/${s.exam.id}/unpublish`, undefined, { cookie: author });
    expect([response.statusCode, response.json().message]).toEqual([
      418,
      'Students have started this exam, so it cannot be unpublished.',
    ]);
  });
});
