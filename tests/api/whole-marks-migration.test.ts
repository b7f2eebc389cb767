import type { Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { reportedMark } from '../../src/common/correction/index';
import * as wholeMarks from '../../src/server/db/migrations/0032_whole_marks';
import { ManualClock } from '../../src/server/clock';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildCorrectionScene } from '../helpers/correction-factory';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

/** Run as the migrator runs it: a Kysely migration, given the database whatever its tables are now. */
const migration: Migration = wholeMarks;
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
}, 60_000);
afterAll(() => t.close());

/**
 * Migration 0032 works out again the marks stored with two decimals, in SQL: it must give what
 * `reportedMark` gives, exact halves included (numeric division would cut 17.5 to 17.4999…).
 */
describe('migration 0032 (whole marks)', () => {
  it('gives every stored mark and pass exactly as reportedMark does, halves included', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
    const corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
    const saved = await call(
      t.app,
      'POST',
      '/api/exams/submit/correction',
      {
        exam_id: scene.exam.id,
        student_id: scene.students[0].id,
        version: 0,
        corrections: [
          { question_id: scene.q.essay.id, mark: 3 },
          { question_id: scene.q.spoken.id, mark: 2.5 },
          { question_id: scene.q.paragraph.id, part: 'w1', mark: 1 },
        ],
      },
      { cookie: corrector },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const attempt = await t.db
      .selectFrom('exam_attempts')
      .innerJoin('student_exams', 'student_exams.id', 'exam_attempts.student_exam_id')
      .select('exam_attempts.id')
      .where('student_exams.exam_id', '=', scene.exam.id)
      .executeTakeFirstOrThrow();
    // [points, total, scale, pass mark]: exact halves, a plain case and a scale with a decimal.
    const cases: [number, number, number, number][] = [
      [35, 60, 30, 18],
      [10, 30, 40.5, 14],
      [30, 33, 40, 36],
      [10.5, 17, 100, 62],
      [0, 17, 100, 50],
    ];
    for (const [points, total, scale, pass] of cases) {
      await t.db
        .updateTable('exams')
        .set({ max_mark: scale, pass_mark: pass })
        .where('id', '=', scene.exam.id)
        .execute();
      await t.db
        .updateTable('exam_attempts')
        .set({ result_score: points, result_max: total, max_score: total, result_mark: 99.99, result_passed: null })
        .where('id', '=', attempt.id)
        .execute();
      await t.db
        .updateTable('correction_sheets')
        .set({ result_score: points, result_mark: 99.99, result_passed: null })
        .where('attempt_id', '=', attempt.id)
        .execute();
      await migration.up(t.db);
      const expected = reportedMark(points, total, scale);
      const stored = await t.db
        .selectFrom('exam_attempts')
        .select(['result_mark', 'result_passed'])
        .where('id', '=', attempt.id)
        .executeTakeFirstOrThrow();
      expect([Number(stored.result_mark), stored.result_passed], `${points}/${total} on ${scale}`).toEqual([
        expected,
        expected >= pass,
      ]);
      const sheets = await t.db
        .selectFrom('correction_sheets')
        .select(['result_mark', 'result_passed'])
        .where('attempt_id', '=', attempt.id)
        .execute();
      for (const sheet of sheets) expect(Number(sheet.result_mark)).toBe(expected);
    }
    expect(reportedMark(35, 60, 30)).toBe(18);
  });
});
