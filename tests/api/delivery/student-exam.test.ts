import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { ManualClock } from '../../../src/server/clock';
import { finalizeDueAttempts } from '../../../src/server/delivery';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { assign, buildDeliveryScene } from '../../helpers/delivery-factory';
import { buildUser, buildUserWithPermissions, signIn } from '../../helpers/factories';
import { studentBatch } from '../../helpers/student-answers';
import { createTestApp, type TestContext } from '../../helpers/test-app';

const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let author: string;
beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  author = await signIn(t.app, await buildUser(t.db, { role: 'com.ltm.roles.author' }));
}, 60_000);
afterAll(() => t.close());
beforeEach(() => clock.set('2026-06-05T09:00:00Z'));

const QUESTIONS = [
  { kind: 'true_false', key: { correct: true } },
  {
    kind: 'single_choice',
    key: {
      options: [
        { id: 'a', text: 'Yes', correct: true },
        { id: 'b', text: 'No', correct: false },
        { id: 'c', text: 'Maybe', correct: false },
      ],
    },
  },
  { kind: 'essay', key: { max_words: 50 } },
];
const WINDOW = { start_date_time: '2026-06-02 08:00:00', end_date_time: '2026-06-20 15:00:00' };

/** An exam of three questions assigned to the scene's first student; the assignment id. */
async function assigned(options: Record<string, unknown> = {}, spec: Parameters<typeof buildDeliveryScene>[3] = {}) {
  const scene = await buildDeliveryScene(t.app, t.db, registry, { questions: QUESTIONS, ...spec });
  const response = await assign(t.app, author, scene.exam.id, {
    ...WINDOW,
    student_ids: [scene.students[0].id],
    ...options,
  });
  expect(response.statusCode, response.body).toBe(200);
  const row = await t.db
    .selectFrom('student_exams')
    .select('id')
    .where('exam_id', '=', scene.exam.id)
    .where('student_id', '=', scene.students[0].id)
    .executeTakeFirstOrThrow();
  // Answers are written in the author's ids and sent in the attempt's own, as the student's page does.
  const as = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const batch = body as { answers?: { question_id: number; answer: unknown; seq: number }[] } | undefined;
    const sent = Array.isArray(batch?.answers)
      ? { ...batch, answers: await studentBatch(t.db, row.id, batch.answers) }
      : body;
    return call(t.app, method, `/api/student/exams/${row.id}${path}`, sent, { cookie: scene.studentCookie });
  };
  const [tf, sc, essay] = scene.questions.map((q) => q.id);
  return { ...scene, id: row.id, as, q: { tf, sc, essay } };
}

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
