import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { runCalibration } from '../../src/server/scales';
import { call } from '../helpers/api-client';
import {
  abilitiesAround,
  buildCalibrationBase,
  buildLinkedExam,
  sitCalibrationExam,
} from '../helpers/calibration-scene';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Concurrent calibration through the API (issue 42): two rounds sharing 8 of 20 questions calibrated
 * together fix the scale's origin, each round with its own population; two later forms, one sharing
 * questions with the bank and the other only with it, are linked to the bank together; an exam that
 * shares nothing refuses the whole calibration.
 */
let t: TestContext;
let author: string;
let base: Awaited<ReturnType<typeof buildCalibrationBase>>;
const ITEMS = 20;
const PERSONS = 300;
const difficulties = Array.from({ length: ITEMS }, (_, i) => -1.5 + (3 * i) / (ITEMS - 1));
const SHARED = [0, 2, 5, 7, 10, 12, 15, 17];
const own = (from: number) => Array.from({ length: ITEMS - SHARED.length }, (_, i) => from + (3 * i) / 11);

beforeAll(async () => {
  t = await createTestApp();
  const registry: SchemaRegistry = await loadSchemaRegistry();
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
  base = await buildCalibrationBase(t.db, registry, ITEMS);
  await sitCalibrationExam(
    t.db,
    base,
    { id: base.first.exam.id, questions: base.first.questions },
    abilitiesAround(1, PERSONS, 0),
    difficulties,
    21,
  );
});
afterAll(() => t.close());

const start = (examIds: number[], lang: 'en' | 'ar' = 'en') =>
  call(
    t.app,
    'POST',
    `/api/scales/${base.scale.id}/calibrations`,
    { exam_ids: examIds, design: 'concurrent' },
    { cookie: author, lang },
  );

async function calibrate(examIds: number[]) {
  const started = await start(examIds);
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json().data.design).toBe('concurrent');
  await runCalibration(t.db, started.json().data.id);
  return (await call(t.app, 'GET', `/api/calibrations/${started.json().data.id}`, undefined, { cookie: author })).json()
    .data;
}

const parametersOf = (calibrationId: number) =>
  t.db.selectFrom('item_parameters').selectAll().where('calibration_id', '=', calibrationId).execute();

/** A form of 8 questions of `from` (the first exam's SHARED, or another's first 8) and 12 of its own starting at `ownFrom` logits, sat by 300 around `mean`. */
async function sitForm(
  seed: number,
  mean: number,
  ownFrom: number,
  truthOfShared: number[],
  from = base.first.questions,
  persons = PERSONS,
) {
  const shared = truthOfShared.map((_, k) => (from === base.first.questions ? SHARED[k] : k));
  const form = await buildLinkedExam(t.db, base, shared, ITEMS - SHARED.length, from);
  const truth = [...truthOfShared, ...own(ownFrom)];
  const abilities = abilitiesAround(seed, persons, mean);
  await sitCalibrationExam(t.db, base, { id: form.exam.id, questions: form.questions }, abilities, truth, seed + 10);
  return { ...form, truth, drawn: abilities.reduce((a, b) => a + b, 0) / persons };
}

describe('concurrent calibration', () => {
  it('refuses one exam alone (422, in the reader’s language) and changes nothing', async () => {
    const alone = await start([base.first.exam.id], 'ar');
    expect(alone.statusCode).toBe(422);
    expect(alone.json().errors.exam_ids).toEqual(['تحتاج المعايرة المشتركة إلى اختبارين على الأقل.']);
    const wrong = await call(
      t.app,
      'POST',
      `/api/scales/${base.scale.id}/calibrations`,
      { exam_ids: [base.first.exam.id], design: 'together' },
      { cookie: author },
    );
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['design']);
    expect(await t.db.selectFrom('calibrations').select('id').execute()).toEqual([]);
  });

  it('refuses an exam that shares no question with the others: nothing written, the scale still without origin', async () => {
    const lone = await buildLinkedExam(t.db, base, [], ITEMS);
    await sitCalibrationExam(
      t.db,
      base,
      { id: lone.exam.id, questions: lone.questions },
      abilitiesAround(4, 100, 0),
      difficulties,
      14,
    );
    const refused = await calibrate([base.first.exam.id, lone.exam.id]);
    expect(refused).toMatchObject({
      status: 'refused',
      message:
        'An exam shares fewer than 5 calibrated questions with the others (or holds fewer than 5 stable anchors): calibrated together, it cannot be placed on the scale.',
    });
    expect(refused.exams.map((e: { exam_id: number; refused: string }) => [e.exam_id, e.refused])).toEqual([
      [lone.exam.id, 'not_connected'],
    ]);
    expect(await parametersOf(refused.id)).toEqual([]);
    const scale = await t.db.selectFrom('scales').selectAll().where('id', '=', base.scale.id).executeTakeFirstOrThrow();
    expect(scale.anchor_calibration_id).toBeNull();
  });

  it('fixes the origin with two rounds together: round 2 harder and 0.4 abler, each with its own population', async () => {
    const two = await sitForm(
      2,
      0.4,
      -1,
      SHARED.map((i) => difficulties[i]),
    );
    const done = await calibrate([base.first.exam.id, two.exam.id]);
    expect(done).toMatchObject({ method: 'origin', design: 'concurrent', status: 'done', progress: 2 });
    const [first, second] = done.exams;
    expect(first).toMatchObject({ role: 'origin', mean: 0, calibrated: ITEMS, converged: true, refused: null });
    expect(second).toMatchObject({ role: 'linked', calibrated: ITEMS, converged: true, refused: null });
    expect(second.mean).toBeGreaterThan(0.2);
    expect(second.mean).toBeLessThan(0.6);
    // One row per exam question; a shared question has one value in both exams and is the bank's.
    const rows = await parametersOf(done.id);
    expect(rows).toHaveLength(2 * ITEMS);
    for (const index of SHARED) {
      const source = base.first.questions[index].source_question_id;
      const both = rows.filter((row) => row.question_id === source);
      expect(both).toHaveLength(2);
      expect(both[0].difficulty).toBe(both[1].difficulty);
    }
    // Round 2's own questions come back about 0.5 harder than the round 1 questions they replace.
    const ownIds = new Set(two.questions.slice(SHARED.length).map((q) => q.id));
    const newOnes = rows.filter((row) => ownIds.has(row.exam_question_id));
    const meanOf = (values: number[]) => values.reduce((x, y) => x + y, 0) / values.length;
    expect(Math.abs(meanOf(newOnes.map((row) => row.difficulty)) - meanOf(own(-1)))).toBeLessThan(0.2);
    const scale = await t.db.selectFrom('scales').selectAll().where('id', '=', base.scale.id).executeTakeFirstOrThrow();
    expect(scale.anchor_calibration_id).toBe(done.id);
  });

  it('links two later forms to the bank together, the second only through the first', async () => {
    // 1,500 students a form, so that the chain's error is small beside the 0.3 logits between them.
    const three = await sitForm(
      3,
      0.6,
      -0.8,
      SHARED.map((i) => difficulties[i]),
      base.first.questions,
      1500,
    );
    // Form 4 shares 8 of form 3's own questions only: none of the bank's.
    const fromThree = three.questions.slice(SHARED.length);
    const four = await sitForm(5, 0.9, -0.5, three.truth.slice(SHARED.length, 2 * SHARED.length), fromThree, 1500);
    const bankQuestions = new Set(base.first.questions.map((q) => q.source_question_id));
    expect(four.questions.some((q) => bankQuestions.has(q.source_question_id))).toBe(false);
    const before = await t.db.selectFrom('item_parameters').select('id').execute();
    const done = await calibrate([three.exam.id, four.exam.id]);
    expect(done).toMatchObject({ method: 'linked', design: 'concurrent', status: 'done' });
    const [first, second] = done.exams;
    // Form 3 holds the anchors; form 4 holds none, and is on the scale through form 3.
    expect(first.stable.length).toBeGreaterThanOrEqual(5);
    expect(first.stable.length + first.dropped.length).toBe(SHARED.length);
    expect(second.stable).toEqual([]);
    // On the scale (round 1's students at 0, the bank's values from 300 of them): form 3 near its
    // students' own mean, and form 4 above it by what its students are above form 3's.
    expect(Math.abs(first.mean - three.drawn)).toBeLessThan(0.3);
    expect(Math.abs(second.mean - first.mean - (four.drawn - three.drawn))).toBeLessThan(0.15);
    const rows = await parametersOf(done.id);
    expect(rows).toHaveLength(2 * ITEMS);
    expect((await t.db.selectFrom('item_parameters').select('id').execute()).length).toBe(before.length + 2 * ITEMS);
    // The anchors score their exam at the bank's values and leave the bank as it was: their rows name no question.
    const anchorRows = rows.filter((row) => row.question_id === null);
    expect(anchorRows.length).toBe(first.stable.length + first.dropped.length);
    // Form 4's own questions join the bank.
    const fourOwn = four.questions.slice(SHARED.length).map((q) => q.source_question_id);
    expect(rows.filter((row) => fourOwn.includes(row.question_id)).length).toBe(ITEMS - SHARED.length);
  });
});
