import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { itemAnalysisReport } from '../../src/common/contracts/index';
import { ManualClock } from '../../src/server/clock';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { readScales } from '../../src/server/scales/scale-readings';
import { stageAbilities } from '../../src/server/scales/stage-pool';
import { call } from '../helpers/api-client';
import { answerAt, buildAdaptiveScene, difficultyOf, sitTest, type AdaptiveScene } from '../helpers/adaptive-scene';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * What is read after an adaptive exam (issue 43): its item analysis (each question over the students
 * given it, its exposure, the precision reached), the reports' scale readings from the measure each
 * attempt stored, and calibration refused (students did not see the questions they were not given).
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let author: string;
let s: AdaptiveScene;
const sat: { attempt: number; given: number[] }[] = [];
beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  author = await signIn(t.app, await buildUser(t.db, { role: 'com.ltm.roles.author' }));
  s = await buildAdaptiveScene(t.app, t.db, registry, author);
  for (const [i, ability] of [
    [0, 1.2],
    [1, -1.2],
  ]) {
    const me = s.student(i);
    const { view, given } = await sitTest(me, answerAt(s, ability));
    expect((await me.as('POST', '/submit')).statusCode).toBe(200);
    sat.push({ attempt: view.id, given });
  }
}, 120_000);
afterAll(() => t.close());

const measures = () =>
  t.db
    .selectFrom('exam_attempts')
    .select(['id', 'ability', 'ability_se'])
    .where(
      'id',
      'in',
      sat.map((x) => x.attempt),
    )
    .orderBy('id')
    .execute();

describe("an adaptive exam's item analysis", () => {
  it('reads each question over the students given it, with its exposure and bank difficulty, and the precision reached', async () => {
    const response = await call(t.app, 'GET', `/api/exams/${s.exam.id}/item-analysis`, undefined, { cookie: author });
    expect(response.statusCode, response.body).toBe(200);
    const report = itemAnalysisReport.parse(response.json().data);
    const adaptive = report.adaptive!;
    expect(adaptive).toMatchObject({
      scale: { id: s.scale!.id, name_en: 'Reading scale' },
      se_target: 0.6,
      min_questions: 5,
      max_questions: 15,
      min_seen: 30,
      measured: 2,
      pool: 40,
    });
    const counts = new Map<number, number>();
    for (const { given } of sat) for (const id of given) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect(adaptive.pool_used).toBe(counts.size);
    expect(adaptive.mean_length).toBeCloseTo((sat[0].given.length + sat[1].given.length) / 2, 4);
    expect(adaptive.max_exposure).toBe(Math.max(...counts.values()) / 2);
    s.questions.forEach((question, index) => {
      const row = adaptive.questions.find((q) => q.id === question.id)!;
      expect(row.given).toBe(counts.get(question.id) ?? 0);
      expect(row.exposure).toBe((counts.get(question.id) ?? 0) / 2);
      expect(row.difficulty).toBeCloseTo(difficultyOf(index, 40), 4);
      // Two students: under the 30 a question needs before its figures are shown.
      expect(row.ability_correlation).toBeNull();
    });
    const [a, b] = await measures();
    expect(adaptive.mean_se).toBeCloseTo((a.ability_se! + b.ability_se!) / 2, 4);
    expect(adaptive.mean_ability).toBeCloseTo((a.ability! + b.ability!) / 2, 4);
    // Nothing that compares students' questions with each other's: they saw different ones.
    expect(report.rasch).toBeNull();
    expect(report.dif).toEqual([]);
    expect(report.exam.alpha).toBeNull();
    for (const item of report.items) {
      expect(item.facility).toBeNull();
      expect(item.item_rest_correlation).toBeNull();
      expect(item.alpha_if_deleted).toBeNull();
    }
  });

  it("exports each question's use, not the figures against the rest of the test", async () => {
    const response = await call(t.app, 'GET', `/api/exams/${s.exam.id}/item-analysis/export?format=csv`, undefined, {
      cookie: author,
    });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    for (const column of ['Given to', 'Exposure', 'Bank difficulty (logits)', 'Correlation with ability'])
      expect(header).toContain(column);
    for (const column of ['Item–rest r', 'Alpha if deleted', 'Infit']) expect(header).not.toContain(column);
    expect(rows).toHaveLength(40);
  });

  it('refuses the analysis without a session or the permission', async () => {
    expect((await call(t.app, 'GET', `/api/exams/${s.exam.id}/item-analysis`)).statusCode).toBe(401);
    expect(
      (await call(t.app, 'GET', `/api/exams/${s.exam.id}/item-analysis`, undefined, { cookie: s.studentCookie }))
        .statusCode,
    ).toBe(403);
  });
});

describe("an adaptive exam's students on the scale", () => {
  it('are read by the reports from the measure each attempt stored, not from marks on questions they never saw', async () => {
    const [reading] = await readScales(t.db, s.exam.id);
    expect(reading.scale.id).toBe(s.scale!.id);
    const stored = await measures();
    for (const row of stored)
      expect(reading.attempts.get(row.id)).toEqual({ ability: row.ability, se: row.ability_se });
    expect([...reading.abilities.keys()].sort()).toEqual(s.students.map((student) => student.id).sort());
    // The grade's students as the next adaptive exam's start and the simulator read them.
    const latest = await stageAbilities(t.db, s.scale!.id, { grade_id: s.exam.grade_id, level_id: null });
    expect([...latest.values()].sort()).toEqual(stored.map((row) => row.ability).sort());
  });

  it('are never calibrated again: an adaptive exam in a calibration is refused (422), in both languages', async () => {
    for (const [lang, message] of [
      ['en', "An adaptive exam's students are measured with the bank's parameters: it cannot be calibrated."],
      ['ar', 'يُقاس طلاب الاختبار التكيفي بمعالم بنك الأسئلة: لا يمكن معايرته.'],
    ]) {
      const refused = await call(
        t.app,
        'POST',
        `/api/scales/${s.scale!.id}/calibrations`,
        { exam_ids: [s.exam.id] },
        { cookie: author, headers: { 'accept-language': lang } },
      );
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors.exam_ids).toEqual([message]);
    }
    const kept = await t.db.selectFrom('calibrations').select('id').where('scale_id', '=', s.scale!.id).execute();
    // Only the known calibration the scene stored.
    expect(kept).toHaveLength(1);
  });
});
