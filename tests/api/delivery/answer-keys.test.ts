import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { attemptView } from '../../../src/common/contracts/index';
import { call } from '../../helpers/api-client';
import { assign, buildDeliveryScene, signInStudent } from '../../helpers/delivery-factory';
import { studentBatch } from '../../helpers/student-answers';
import { author, clock, registry, t, useStudentExamApp, WINDOW } from './student-exam-scene';

/**
 * Issue 23, "released too early" and "by enumeration": with "show answers" the right answers (and
 * each question's outcome) wait until the exam has closed for everyone assigned to it; the score
 * comes at once. A save to an attempt that is not running says nothing about the questions it names.
 */
useStudentExamApp();

const SC_KEY = {
  options: [
    { id: 'a', text: 'Yes', correct: true },
    { id: 'b', text: 'No', correct: false },
    { id: 'c', text: 'Maybe', correct: false },
  ],
};
const QUESTIONS = [
  { kind: 'true_false', key: { correct: true } },
  { kind: 'single_choice', key: SC_KEY },
  { kind: 'essay', key: { max_words: 50 } },
];
/**
 * An exam assigned to both students of a school (each in their own window when `windows` are
 * given: two assignments of one exam); `student(i)` acts as the i-th.
 */
async function scene(options: Record<string, unknown> = {}, windows?: (typeof WINDOW)[]) {
  const built = await buildDeliveryScene(t.app, t.db, registry, { questions: QUESTIONS });
  const batches = windows
    ? windows.map((window, i) => ({ ...window, student_ids: [built.students[i].id] }))
    : [{ ...WINDOW, student_ids: built.students.map((s) => s.id) }];
  for (const batch of batches) {
    // Results at the window's end unless a test says otherwise (the default is an author's release).
    const response = await assign(t.app, author, built.exam.id, {
      ...batch,
      release_results: 'after_close',
      ...options,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  const rows = await t.db
    .selectFrom('student_exams')
    .select(['id', 'student_id'])
    .where('exam_id', '=', built.exam.id)
    .orderBy('student_id')
    .execute();
  const cookies = [built.studentCookie, await signInStudent(t.app, t.db, built.students[1].id)];
  const student = (i: number) => {
    const id = rows[i].id;
    const as = async (
      method: 'GET' | 'POST' | 'PUT',
      path: string,
      body?: { answers: Parameters<typeof studentBatch>[2]; attempt_id?: number },
    ) => {
      const sent = body ? { ...body, answers: await studentBatch(t.db, id, body.answers) } : undefined;
      return call(t.app, method, `/api/student/exams/${id}${path}`, sent, { cookie: cookies[i] });
    };
    return { id, as, cookie: cookies[i] };
  };
  const [tf, sc, essay] = built.questions.map((q) => q.id);
  return { ...built, student, q: { tf, sc, essay } };
}

/** Sits the exam as student `i`: the single choice right, then submits; the submit answer. */
async function sit(s: Awaited<ReturnType<typeof scene>>, i = 0) {
  const me = s.student(i);
  expect((await me.as('POST', '/start')).statusCode).toBe(200);
  await me.as('PUT', '/answers', { answers: [{ question_id: s.q.sc, answer: { option_id: 'a' }, seq: 1 }] });
  const submitted = await me.as('POST', '/submit');
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json().data;
}

const resultOf = async (me: { as: (m: 'GET', p: string) => Promise<LightMyRequestResponse> }) =>
  (await me.as('GET', '/attempt')).json().data.result;

describe('the right answers of an assignment that shows them', () => {
  it('gives the score once the window has closed (after_close), and the answers once it has closed for everyone, on every student route', async () => {
    const s = await scene({ show_answers: true });
    const submitted = await sit(s);
    expect(submitted.result).toEqual({
      released: false,
      score: null,
      max_score: null,
      mark: null,
      max_mark: null,
      passed: null,
      needs_correction: false,
      answers_pending: true,
      questions: null,
    });
    expect(attemptView.safeParse(submitted).error?.issues ?? []).toEqual([]);
    const me = s.student(0);
    expect(await resultOf(me)).toMatchObject({ released: false, score: null, answers_pending: true, questions: null });
    const list = await call(t.app, 'GET', '/api/student/exams', undefined, { cookie: me.cookie });
    const entry = list.json().data.find((e: { id: number }) => e.id === me.id);
    expect(entry).toMatchObject({ status: 'submitted', score: null, max_score: null, results_released: false });
    expect(JSON.stringify(list.json())).not.toMatch(/correct|answer_key|"questions"/);

    // The window's end, and its grace period, then everyone's answers are in.
    clock.set('2026-06-20T15:00:59Z');
    expect(await resultOf(me)).toMatchObject({ released: false, score: null, answers_pending: true, questions: null });
    clock.set('2026-06-20T15:01:01Z');
    const released = await resultOf(me);
    expect(released).toMatchObject({ released: true, score: 4, max_score: 12, answers_pending: false });
    expect(released.questions).toHaveLength(3);
    const listed = await call(t.app, 'GET', '/api/student/exams', undefined, { cookie: me.cookie });
    expect(listed.json().data.find((e: { id: number }) => e.id === me.id)).toMatchObject({
      score: 4,
      max_score: 12,
      results_released: true,
    });
    const again = (await me.as('POST', '/submit')).json().data;
    expect(again.result.questions).toHaveLength(3);
    expect(attemptView.safeParse(again).error?.issues ?? []).toEqual([]);

    // In the attempt's own ids: the right option is the one the student's view calls "Yes".
    const view = again.questions.find((q: { id: number }) => q.id === s.q.sc).view.options as {
      id: string;
      text: string;
    }[];
    const yes = view.find((o) => o.text === 'Yes')!.id;
    const outcome = released.questions.find((q: { question_id: number }) => q.question_id === s.q.sc);
    expect(outcome).toMatchObject({ answer: { option_id: yes }, score: 4, max: 4 });
    expect(outcome.correct_answer.options.find((o: { correct: boolean }) => o.correct).id).toBe(yes);
    expect(view.map((o) => o.id)).not.toEqual(expect.arrayContaining(['a']));
    expect(outcome.correct_answer.options.map((o: { id: string }) => o.id).sort()).toEqual(
      view.map((o) => o.id).sort(),
    );
  });

  it('waits for every other assignment of the exam, whatever its school, batch or window', async () => {
    const s = await scene({ show_answers: true }, [
      WINDOW,
      { start_date_time: '2026-06-10 08:00:00', end_date_time: '2026-06-25 15:00:00' },
    ]);
    await sit(s, 0);
    clock.set('2026-06-21T09:00:00Z');
    expect(await resultOf(s.student(0))).toMatchObject({ answers_pending: true, questions: null });
    clock.set('2026-06-25T15:01:01Z');
    expect((await resultOf(s.student(0))).questions).toHaveLength(3);
    // An assignment made later (another class sitting it next) withholds them again until it closes.
    await t.db
      .updateTable('exams')
      .set({ end_date_time: new Date('2026-07-30T15:00:00Z') })
      .where('id', '=', s.exam.id)
      .execute();
    await t.db
      .updateTable('student_exams')
      .set({ end_date_time: new Date('2026-07-10T15:00:00Z') })
      .where('id', '=', s.student(1).id)
      .execute();
    expect(await resultOf(s.student(0))).toMatchObject({ answers_pending: true, questions: null });
  });

  it('waits for an attempt still running after its window was shortened', async () => {
    const s = await scene({ show_answers: true });
    await sit(s, 0);
    clock.set('2026-06-20T14:30:00Z');
    expect((await s.student(1).as('POST', '/start')).statusCode).toBe(200);
    // The window ends earlier now; the running attempt keeps its deadline (15:00).
    await t.db
      .updateTable('student_exams')
      .set({ end_date_time: new Date('2026-06-20T14:40:00Z') })
      .where('exam_id', '=', s.exam.id)
      .execute();
    clock.set('2026-06-20T14:50:00Z');
    expect(await resultOf(s.student(0))).toMatchObject({ answers_pending: true, questions: null });
    clock.set('2026-06-20T15:01:01Z');
    expect((await resultOf(s.student(0))).questions).toHaveLength(3);
  });

  it('never shows them when the assignment does not', async () => {
    const s = await scene({ show_answers: false });
    const submitted = await sit(s);
    expect(submitted.result).toMatchObject({ released: false, score: null, answers_pending: false, questions: null });
    clock.set('2026-07-30T00:00:00Z');
    expect(await resultOf(s.student(0))).toMatchObject({
      released: true,
      score: 4,
      answers_pending: false,
      questions: null,
    });
  });

  it('shows the score once an author releases it (manual), and the answers still only once the exam has closed for everyone', async () => {
    const s = await scene({ show_answers: true, release_results: 'manual' });
    const submitted = await sit(s);
    expect(submitted.result).toMatchObject({ released: false, score: null });
    const release = await call(t.app, 'POST', `/api/exams/${s.exam.id}/release`, {}, { cookie: author });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().data).toEqual({ released: 2, assignments: 2 });
    expect(await resultOf(s.student(0))).toMatchObject({
      released: true,
      score: 4,
      answers_pending: true,
      questions: null,
    });
    clock.set('2026-06-20T15:01:01Z');
    expect((await resultOf(s.student(0))).questions).toHaveLength(3);
    // Manual: the window's end alone would not have released them.
    const withdraw = await call(t.app, 'DELETE', `/api/exams/${s.exam.id}/release`, {}, { cookie: author });
    expect(withdraw.json().data).toEqual({ withdrawn: 2, held: 0, assignments: 2 });
    expect(await resultOf(s.student(0))).toMatchObject({ released: false, score: null, questions: null });
  });
});

describe('a save to an attempt that is not running', () => {
  const batches = (s: Awaited<ReturnType<typeof scene>>) => [
    { answers: [{ question_id: s.q.sc, answer: { option_id: 'nope' }, seq: 1 }] },
    { answers: [{ question_id: s.q.tf, answer: { value: true }, seq: 1 }] },
    { answers: [{ question_id: 2_000_000_000, answer: { value: true }, seq: 1 }] },
    { answers: [{ question_id: s.q.sc, answer: 'garbage', seq: 1 }] },
  ];
  const responses = async (s: Awaited<ReturnType<typeof scene>>, cookie: string, assignmentId: number) =>
    Promise.all(
      batches(s).map(async (body) => {
        const response = await call(t.app, 'PUT', `/api/student/exams/${assignmentId}/answers`, body, { cookie });
        return `${response.statusCode} ${response.body}`;
      }),
    );

  it('is refused the same way whatever questions it names: before the exam opens (after a refused start)', async () => {
    const s = await scene({ start_date_time: '2026-06-10 08:00:00' });
    const me = s.student(0);
    const start = await me.as('POST', '/start');
    expect(start.statusCode).toBe(418);
    const answers = await responses(s, me.cookie, me.id);
    expect(new Set(answers)).toEqual(new Set([`418 ${JSON.stringify({ message: 'Start the exam first.' })}`]));
    expect(await t.db.selectFrom('exam_attempts').select('id').where('student_exam_id', '=', me.id).execute()).toEqual(
      [],
    );
  });

  it('is refused the same way whatever questions it names: after submission, and for another student', async () => {
    const s = await scene();
    await sit(s, 0);
    const me = s.student(0);
    const answers = await responses(s, me.cookie, me.id);
    expect(new Set(answers)).toEqual(
      new Set([`418 ${JSON.stringify({ message: 'This exam has been submitted already.' })}`]),
    );
    const theirs = await responses(s, me.cookie, s.student(1).id);
    expect(new Set(theirs.map((r) => r.slice(0, 3)))).toEqual(new Set(['404']));
    expect(new Set(theirs).size).toBe(1);
  });

  it('names the questions once the attempt runs', async () => {
    const s = await scene();
    const me = s.student(0);
    await me.as('POST', '/start');
    const [invalid, , unknown] = await responses(s, me.cookie, me.id);
    expect(invalid).toContain('This answer is not valid for this question');
    expect(unknown).toContain('This question is not part of the exam.');
  });
});
