import { expect } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/database';
import { adaptiveNext, attemptView } from '../../src/common/contracts/index';
import { call } from './api-client';
import { insertReadingScale, storeKnownCalibration } from './calibrated-pool';
import { assign, buildDeliveryScene, signInStudent } from './delivery-factory';
import type { ExamSpec } from './exam-factory';

/** The difficulty of the i-th of n questions: evenly from −2 to 2 logits. */
export const difficultyOf = (i: number, n: number) => -2 + (4 * i) / (n - 1);

/** A draft is assigned to no one: asking for its student is the test's mistake, said as such. */
const noStudentOfADraft = (i: number): never => {
  throw new Error(`no student ${i}: the exam was left a draft (publish: false)`);
};

/**
 * An adaptive exam of `items` right-or-wrong questions (their key: true), each bank question
 * calibrated on the skill's scale with a known difficulty (`difficultyOf`), a school of its grade with
 * two students signed in, and the exam published and assigned to both (results after the window).
 * `extra` are more questions (an essay: what the pool refuses); `publish: false` leaves it a draft.
 */
export async function buildAdaptiveScene(
  app: App,
  db: Db,
  registry: SchemaRegistry,
  author: string,
  {
    items = 40,
    exam = {},
    extra = [],
    scale = true,
    publish = true,
    prepare,
  }: {
    items?: number;
    exam?: ExamSpec['exam'];
    extra?: NonNullable<ExamSpec['questions']>;
    scale?: boolean;
    publish?: boolean;
    /** Runs on the draft before it is published (a change the form cannot make, straight in the database). */
    prepare?: (built: Awaited<ReturnType<typeof buildDeliveryScene>>) => Promise<void>;
  } = {},
) {
  const built = await buildDeliveryScene(app, db, registry, {
    published: false,
    questions: [...Array.from({ length: items }, () => ({ kind: 'true_false', key: { correct: true } })), ...extra],
    exam: {
      delivery_mode: 'adaptive',
      adaptive_min_questions: 5,
      adaptive_max_questions: 15,
      adaptive_se_target: 0.6,
      adaptive_exposure: 'none',
      ...exam,
    },
  });
  const { lookups } = built;
  const scaleRow = scale ? await insertReadingScale(db, lookups) : null;
  if (scaleRow)
    await storeKnownCalibration(db, scaleRow.id, built.exam.id, built.questions.slice(0, items), (i) =>
      difficultyOf(i, items),
    );
  const difficulty = new Map(built.questions.slice(0, items).map((q, i) => [q.id, difficultyOf(i, items)]));
  await prepare?.(built);
  if (!publish) return { ...built, scale: scaleRow, difficulty, student: noStudentOfADraft };
  const published = await call(app, 'PUT', `/api/exams/${built.exam.id}/publish`, undefined, { cookie: author });
  if (published.statusCode !== 200) throw new Error(`publish: ${published.statusCode} ${published.body}`);
  const assigned = await assign(app, author, built.exam.id, {
    start_date_time: '2026-06-02 08:00:00',
    end_date_time: '2026-06-20 15:00:00',
    student_ids: built.students.map((s) => s.id),
    release_results: 'after_close',
  });
  if (assigned.statusCode !== 200) throw new Error(`assign: ${assigned.statusCode} ${assigned.body}`);
  const rows = await db
    .selectFrom('student_exams')
    .select(['id', 'student_id'])
    .where('exam_id', '=', built.exam.id)
    .orderBy('student_id')
    .execute();
  const cookies = [built.studentCookie, await signInStudent(app, db, built.students[1].id)];
  const student = (i: number) => {
    const id = rows[i].id;
    const as = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
      call(app, method, `/api/student/exams/${id}${path}`, body, { cookie: cookies[i] });
    return { id, as, cookie: cookies[i] };
  };
  return { ...built, scale: scaleRow, difficulty, student };
}

export type AdaptiveScene = Awaited<ReturnType<typeof buildAdaptiveScene>>;
type Me = ReturnType<AdaptiveScene['student']>;

/** A student who answers right exactly the questions easier than `ability` (a Guttman pattern). */
export const answerAt = (s: AdaptiveScene, ability: number) => (questionId: number) => ({
  value: (s.difficulty.get(questionId) ?? 99) < ability,
});

/** Sits the whole test, confirming each question once; the question ids given and the last response. */
export async function sitTest(me: Me, answer: (id: number) => unknown) {
  const started = await me.as('POST', '/start');
  expect(started.statusCode, started.body).toBe(200);
  const view = attemptView.parse(started.json().data);
  let current = view.questions.at(-1)!.id;
  const given = [current];
  for (let guard = 0; guard < 100; guard++) {
    const response = await me.as('POST', '/next', {
      attempt_id: view.id,
      question_id: current,
      answer: answer(current),
      seq: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const next = adaptiveNext.parse(response.json().data);
    expect(next.saved).toEqual([{ question_id: current, seq: 1 }]);
    if (next.adaptive.finished) return { view, given, last: next };
    current = next.adaptive.question!.id;
    given.push(current);
  }
  throw new Error('the test never ended');
}
