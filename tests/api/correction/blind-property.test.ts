import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { assign, buildDeliveryScene, signInStudent } from '../../helpers/delivery-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { differences, readEverything, type Seen } from '../../helpers/reader-sweep';
import { createTestApp, type FrozenApp, type TestContext } from '../../helpers/test-app';
import { bothNames } from '../../helpers/student-names';

/**
 * Blind double marking, as a property: while a second marker marks blind, nothing they can read
 * depends on the first marker's mark. One scene is built, frozen, and forked into a world per first
 * mark; in each, the second marker saves marks from 0 to 1 (SECOND_MARKS) and reads their lists,
 * roll-ups, counts, orders, neighbours, views, save answers and refusals after each, then everything
 * the server lets a corrector read. The worlds' transcripts must be identical byte for byte. The threshold is 20%: first marks on both sides of every second mark's band.
 */
const FIRST_MARKS = [0, 0.2, 0.5, 0.81, 1];
const THRESHOLD = 0.2;
const hundredths = (mark: number) => Math.round(mark * 100) / 100;
/**
 * Every twentieth of the range, and each first mark's band edges to the hundredth (just inside, on,
 * just outside the threshold): where a second mark changes what the attempt becomes. (Every
 * hundredth took 124 s a run; these marks cross the same edges.)
 */
const SECOND_MARKS = [
  ...new Set([
    ...Array.from({ length: 21 }, (_, i) => hundredths(i / 20)),
    ...FIRST_MARKS.flatMap((first) =>
      [-0.01, 0, 0.01].flatMap((step) => [first - THRESHOLD + step, first + THRESHOLD + step]).map(hundredths),
    ),
  ]),
]
  .filter((mark) => mark >= 0 && mark <= 1)
  .sort((a, b) => a - b);
const NOW = new Date('2026-06-05T09:00:00Z');

interface Scene {
  frozen: FrozenApp;
  examId: number;
  essayId: number;
  students: number[];
  schoolId: number;
  classId: number;
  cookies: { first: string; second: string };
}

let base: TestContext;
let scene: Scene;
beforeAll(async () => {
  base = await createTestApp({}, new ManualClock(NOW));
  const { app, db } = base;
  const registry = await loadSchemaRegistry();
  const built = await buildDeliveryScene(app, db, registry, {
    questions: [
      { kind: 'essay', key: { max_words: 50 }, overrides: { mark: 1 } },
      { kind: 'true_false', key: { correct: true }, overrides: { mark: 1 } },
    ],
    exam: { double_marking: true, double_marking_threshold: THRESHOLD * 100 },
  });
  const third = await db
    .insertInto('students')
    .values({
      school_id: built.school.id,
      school_class_id: built.schoolClass.id,
      grade_id: built.students[0].grade_id,
      level_id: built.students[0].level_id,
      ...bothNames('Third Student'),
      gender: 'female',
      nationality: 'AE',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const admin = await signIn(app, await buildUser(db, { role: ROLES.admin }));
  const window = { start_date_time: '2026-06-02 08:00:00', end_date_time: '2026-06-20 15:00:00' };
  const assigned = await assign(app, admin, built.exam.id, { ...window, school_ids: [built.school.id] });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const [essay, tf] = built.questions;
  // The first two students submit; the third never starts.
  for (const [index, student] of built.students.entries()) {
    const cookie = index === 0 ? built.studentCookie : await signInStudent(app, db, student.id);
    const row = await db
      .selectFrom('student_exams')
      .select('id')
      .where('exam_id', '=', built.exam.id)
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    const at = `/api/student/exams/${row.id}`;
    expect((await call(app, 'POST', `${at}/start`, undefined, { cookie })).statusCode).toBe(200);
    const answers = [
      { question_id: essay.id, answer: { text: `An essay of a few words ${index}` }, seq: 1 },
      { question_id: tf.id, answer: { value: true }, seq: 1 },
    ];
    expect((await call(app, 'PUT', `${at}/answers`, { answers }, { cookie })).statusCode).toBe(200);
    expect((await call(app, 'POST', `${at}/submit`, undefined, { cookie })).statusCode).toBe(200);
  }
  const first = await signIn(app, await buildUser(db, { role: ROLES.corrector, name: 'First Marker' }));
  const second = await signIn(app, await buildUser(db, { role: ROLES.corrector, name: 'Second Marker' }));
  // Both markers have marked the second student alike, the same in every world: that attempt is
  // corrected, so the roll-ups of its class, school and exam hang on the first student's alone.
  for (const cookie of [first, second]) {
    const marked = await call(
      app,
      'POST',
      '/api/exams/submit/correction',
      {
        exam_id: built.exam.id,
        student_id: built.students[1].id,
        version: 0,
        corrections: [{ question_id: essay.id, mark: 0.5 }],
      },
      { cookie },
    );
    expect(marked.statusCode, marked.body).toBe(200);
  }
  scene = {
    frozen: await base.freeze(),
    examId: built.exam.id,
    essayId: essay.id,
    students: [...built.students.map((s) => s.id), third.id],
    schoolId: built.school.id,
    classId: built.schoolClass.id,
    cookies: { first, second },
  };
}, 120_000);
afterAll(() => base.close());

/** What a marker reads of the exam after a save: the list's rows, orders, counts, roll-ups, neighbours and view. */
async function readAfterSave(world: TestContext, cookie: string, studentId: number): Promise<Seen[]> {
  const exam = `/api/exams/${scene.examId}`;
  const urls = [
    `${exam}/assigned/students`,
    `${exam}/assigned/students?sort=total&order=asc`,
    `${exam}/assigned/students?sort=student_exam_status_id&order=desc`,
    `${exam}/assigned/students?filter[student_exam_status_id]=1`,
    `${exam}/assigned/students?filter[student_exam_status_id]=2`,
    `${exam}/assigned/students?filter[student_exam_status_id]=3`,
    `${exam}/assigned/students?filter[needs_deciding]=1`,
    `${exam}/assigned/filters`,
    `${exam}/assigned/students/${studentId}/neighbours?sort=total&order=asc`,
    `${exam}/students/${studentId}/correction`,
  ];
  const seen: Seen[] = [];
  for (const url of urls) {
    const response = await world.app.inject({ method: 'GET', url, headers: { cookie } });
    seen.push({ status: response.statusCode, body: `${url} ${response.body}` });
  }
  return seen;
}

interface Transcript {
  steps: Seen[][];
  refusals: Seen[];
  everything: Map<string, Seen>;
  /** The first marker's own reads after each of the second marker's saves. */
  firstMarkerViews: string[];
  /** The attempt's real state after each save (what the second marker must not learn). */
  outcomes: string[];
}

/** One world: the first marker gives `firstMark`, then the second marker goes through every mark. */
async function runWorld(firstMark: number): Promise<Transcript> {
  const world = await createTestApp({}, new ManualClock(NOW), scene.frozen);
  try {
    const [target] = scene.students;
    const save = (cookie: string, version: number, mark: number) =>
      call(
        world.app,
        'POST',
        '/api/exams/submit/correction',
        { exam_id: scene.examId, student_id: target, version, corrections: [{ question_id: scene.essayId, mark }] },
        { cookie },
      );
    const given = await save(scene.cookies.first, 0, firstMark);
    expect(given.statusCode, given.body).toBe(200);

    const { second, first } = scene.cookies;
    const steps: Seen[][] = [await readAfterSave(world, second, target)];
    const firstMarkerViews: string[] = [];
    const outcomes: string[] = [];
    for (const [index, mark] of SECOND_MARKS.entries()) {
      const saved = await save(second, index, mark);
      const real = await world.db
        .selectFrom('exam_attempts')
        .innerJoin('student_exams', 'student_exams.id', 'exam_attempts.student_exam_id')
        .select(['exam_attempts.needs_deciding', 'exam_attempts.marking_final', 'exam_attempts.result_mark'])
        .where('student_exams.student_id', '=', target)
        .where('student_exams.exam_id', '=', scene.examId)
        .executeTakeFirstOrThrow();
      outcomes.push(JSON.stringify(real));
      steps.push([{ status: saved.statusCode, body: saved.body }, ...(await readAfterSave(world, second, target))]);
      if (index % 10 === 0) firstMarkerViews.push(JSON.stringify(await readAfterSave(world, first, target)));
    }
    // Refusals read the second marker's sheet alone: an out-of-range mark, a stale version.
    const refusals = [await save(second, SECOND_MARKS.length, 1.01), await save(second, 3, 0.5)].map((r) => ({
      status: r.statusCode,
      body: r.body,
    }));
    const everything = await readEverything(world.app, second, {
      id: [scene.examId, 999999],
      studentId: scene.students,
      code: ['ZZZZZZZZ'],
      questionId: [scene.essayId],
      search: ['Student', 'Third'],
      'filter[exam_status_id]': [1, 2, 3, 4, 5],
      'filter[student_exam_status_id]': [1, 2, 3],
      'filter[needs_deciding]': ['1', '0'],
      'filter[student.school_id]': [scene.schoolId],
      'filter[student.school_class_id]': [scene.classId],
    });
    return { steps, refusals, everything, firstMarkerViews, outcomes };
  } finally {
    await world.close();
  }
}

describe('blind double marking as a property', () => {
  it("shows the second marker the same thing, byte for byte, whatever the first marker's mark", async () => {
    const transcripts: Transcript[] = [];
    for (const firstMark of FIRST_MARKS) transcripts.push(await runWorld(firstMark));
    const [baseline] = transcripts;
    // The worlds do differ underneath: some agree within the threshold, some wait for a deciding mark.
    expect(new Set(transcripts.map((t) => t.outcomes.join())).size).toBe(FIRST_MARKS.length);
    expect(baseline.outcomes.some((o) => o.includes('"needs_deciding":true'))).toBe(true);
    expect(baseline.outcomes.some((o) => o.includes('"needs_deciding":false'))).toBe(true);
    expect(baseline.steps).toHaveLength(SECOND_MARKS.length + 1);
    expect(baseline.everything.size).toBeGreaterThan(100);
    for (const [index, transcript] of transcripts.entries()) {
      const label = `first mark ${FIRST_MARKS[index]}`;
      for (const [step, seen] of transcript.steps.entries())
        expect(seen, `${label}, second mark step ${step}`).toEqual(baseline.steps[step]);
      expect(
        transcript.refusals.map((r) => r.status),
        label,
      ).toEqual([422, 409]);
      expect(transcript.refusals, label).toEqual(baseline.refusals);
      expect(differences(baseline.everything, transcript.everything), label).toEqual([]);
    }
    // And the other way: the first marker's reads never move while the second marker marks.
    for (const [index, transcript] of transcripts.entries())
      expect(new Set(transcript.firstMarkerViews).size, `first mark ${FIRST_MARKS[index]}`).toBe(1);
  }, 600_000);
});
