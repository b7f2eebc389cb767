import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { ROLES } from '../../../src/common/permissions';
import { attemptView, studentExam } from '../../../src/common/contracts/delivery';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildCorrectionScene } from '../../helpers/correction-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';

const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let corrector: string;
beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
}, 60_000);
afterAll(() => t.close());

/**
 * Issue 41: after the essay and the spoken answer were marked and the results released, the student
 * still read "18 out of 33 … your score may change" while the correction screen said 36.36 / 40.
 * One score on one scale: the student, the correction screen and the results export agree.
 */
describe("the marked result on the student's pages", () => {
  it('shows the points and the whole-number mark once marking completes, the automatic part until then', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    // The exam's scale is 40 (not the questions' 17 points), its pass mark 20.
    await t.db.updateTable('exams').set({ max_mark: 40, pass_mark: 20 }).where('id', '=', scene.exam.id).execute();
    const student = scene.students[0];
    const { id: assignment } = await t.db
      .selectFrom('student_exams')
      .select('id')
      .where('exam_id', '=', scene.exam.id)
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    const me = (method: 'GET' | 'POST', path: string) =>
      call(t.app, method, path, undefined, { cookie: scene.studentCookie });
    const resultOf = async () => (await me('GET', `/api/student/exams/${assignment}/attempt`)).json().data;
    const listed = async () =>
      (await me('GET', '/api/student/exams')).json().data.find((e: { id: number }) => e.id === assignment);
    const released = await call(t.app, 'POST', `/api/exams/${scene.exam.id}/release`, {}, { cookie: scene.admin });
    expect(released.statusCode, released.body).toBe(200);

    // Released, not yet marked: the true/false answer's 4 points so far, and a teacher still marking.
    const before = await resultOf();
    expect(before.result).toMatchObject({
      released: true,
      score: 4,
      max_score: 17,
      mark: null,
      max_mark: null,
      passed: null,
      needs_correction: true,
    });
    expect(await listed()).toMatchObject({ score: 4, max_score: 17, mark: null, marked: false });

    const marks = [
      { question_id: scene.q.essay.id, mark: 3 },
      { question_id: scene.q.spoken.id, mark: 2.5 },
      { question_id: scene.q.paragraph.id, part: 'w1', mark: 1 },
    ];
    const saved = await call(
      t.app,
      'POST',
      '/api/exams/submit/correction',
      { exam_id: scene.exam.id, student_id: student.id, version: 0, corrections: marks },
      { cookie: corrector },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // 10.5 of 17 points is 24.71 on the scale of 40: the mark is the whole number 25, a pass.
    expect(saved.json().data.result).toMatchObject({ score: 10.5, max: 17, mark: 25, passed: true });

    const after = await resultOf();
    expect(after.exam.max_mark).toBe(40);
    expect(after.result).toMatchObject({
      released: true,
      score: 10.5,
      max_score: 17,
      mark: 25,
      max_mark: 40,
      passed: true,
      needs_correction: false,
    });
    expect(attemptView.safeParse(after).error?.issues ?? []).toEqual([]);
    const entry = await listed();
    expect(entry).toMatchObject({ score: 10.5, max_score: 17, mark: 25, max_mark: 40, passed: true, marked: true });
    expect(studentExam.safeParse(entry).error?.issues ?? []).toEqual([]);

    // The correction screen's list and the results export give the same mark.
    const row = (
      await call(t.app, 'GET', `/api/exams/${scene.exam.id}/assigned/students`, undefined, { cookie: corrector })
    )
      .json()
      .data.find((r: { student_id: number }) => r.student_id === student.id);
    expect(row).toMatchObject({ total: 25, passed: true });

    // A mark taken back: the student's page says a teacher is marking again, with the automatic part.
    const taken = await call(
      t.app,
      'POST',
      '/api/exams/submit/correction',
      {
        exam_id: scene.exam.id,
        student_id: student.id,
        version: 1,
        corrections: [{ question_id: scene.q.spoken.id, mark: null }],
      },
      { cookie: corrector },
    );
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await resultOf()).result).toMatchObject({ score: 4, mark: null, needs_correction: true });
  });
});
