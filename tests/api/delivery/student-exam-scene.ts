import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { assign, buildDeliveryScene } from '../../helpers/delivery-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { studentBatch } from '../../helpers/student-answers';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/** The student exam tests' clock: set back to 9:00 on a day inside the window before each test. */
export const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
export let t: TestContext;
export let registry: SchemaRegistry;
export let author: string;

/** A test app on the clock for the calling file, with an author signed in. */
export function useStudentExamApp() {
  beforeAll(async () => {
    t = await createTestApp({}, clock);
    registry = await loadSchemaRegistry();
    author = await signIn(t.app, await buildUser(t.db, { role: 'com.ltm.roles.author' }));
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => clock.set('2026-06-05T09:00:00Z'));
}

/** A true/false, a single choice of three options and an essay. */
export const QUESTIONS = [
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
/** The assignment's window; the scene's exam lasts 45 minutes. */
export const WINDOW = { start_date_time: '2026-06-02 08:00:00', end_date_time: '2026-06-20 15:00:00' };

/** An exam of three questions assigned to the scene's first student; the assignment id. */
export async function assigned(
  options: Record<string, unknown> = {},
  spec: Parameters<typeof buildDeliveryScene>[3] = {},
) {
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
