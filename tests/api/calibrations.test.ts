import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { examItemAnalysis } from '../../src/server/item-analysis';
import { runCalibration } from '../../src/server/scales';
import { call } from '../helpers/api-client';
import {
  abilitiesAround,
  buildCalibrationBase,
  buildLinkedExam,
  sitCalibrationExam,
} from '../helpers/calibration-scene';
import { buildExam } from '../helpers/exam-factory';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Calibrations on a reporting scale (issue 42): round 1's form fixes the scale's origin, round 2's
 * harder form (8 of its 20 questions shared) is linked through those anchors, a drifting anchor is
 * dropped and reported, a form with too few anchors is refused whole, and the scale's constants lock.
 */
let t: TestContext;
let registry: SchemaRegistry;
let author: string;
let corrector: string;
let base: Awaited<ReturnType<typeof buildCalibrationBase>>;
const ITEMS = 20;
const PERSONS = 300;
const difficulties = Array.from({ length: ITEMS }, (_, i) => -1.5 + (3 * i) / (ITEMS - 1));
const SHARED = [0, 2, 5, 7, 10, 12, 15, 17];

beforeAll(async () => {
  t = await createTestApp();
  registry = await loadSchemaRegistry();
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
  corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
  base = await buildCalibrationBase(t.db, registry, ITEMS);
  await sitCalibrationExam(
    t.db,
    base,
    { id: base.first.exam.id, questions: base.first.questions },
    abilitiesAround(1, PERSONS, 0),
    difficulties,
    11,
  );
});
afterAll(() => t.close());

const start = (scaleId: number, examIds: number[], cookie = author, lang: 'en' | 'ar' = 'en') =>
  call(t.app, 'POST', `/api/scales/${scaleId}/calibrations`, { exam_ids: examIds }, { cookie, lang });

/** The item parameters a calibration wrote. */
const parametersOf = (calibrationId: number) =>
  t.db.selectFrom('item_parameters').selectAll().where('calibration_id', '=', calibrationId).execute();

async function calibrate(examIds: number[]) {
  const started = await start(base.scale.id, examIds);
  expect(started.statusCode, started.body).toBe(202);
  await runCalibration(t.db, started.json().data.id);
  return (await call(t.app, 'GET', `/api/calibrations/${started.json().data.id}`, undefined, { cookie: author })).json()
    .data;
}

describe('POST /api/scales/:id/calibrations', () => {
  it('refuses without a session, without the permission, and an unknown scale', async () => {
    expect((await call(t.app, 'POST', `/api/scales/${base.scale.id}/calibrations`, { exam_ids: [1] })).statusCode).toBe(
      401,
    );
    expect((await start(base.scale.id, [base.first.exam.id], corrector)).statusCode).toBe(403);
    expect(
      (await call(t.app, 'GET', `/api/scales/${base.scale.id}/calibrations`, undefined, { cookie: corrector }))
        .statusCode,
    ).toBe(403);
    expect((await start(999_999, [base.first.exam.id])).statusCode).toBe(404);
    expect(
      (await call(t.app, 'GET', '/api/scales/999999/calibrations', undefined, { cookie: author })).statusCode,
    ).toBe(404);
  });

  it('refuses to show a calibration without a session or the permission, and an unknown one', async () => {
    const [any] = await t.db.selectFrom('calibrations').select('id').execute();
    const id = any?.id ?? 1;
    expect((await call(t.app, 'GET', `/api/calibrations/${id}`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/calibrations/${id}`, undefined, { cookie: corrector })).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'GET', '/api/calibrations/999999', undefined, { cookie: author })).statusCode).toBe(404);
  });

  it('refuses an exam of another platform, without questions of the skill, or listed twice (422, nothing kept)', async () => {
    const other = await buildExam(t.db, registry);
    const refused = await start(base.scale.id, [base.first.exam.id, other.exam.id], author, 'ar');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.exam_ids).toEqual(['ليس اختبارًا من منصة هذا المقياس فيه أسئلة من مهارته.']);
    const twice = await start(base.scale.id, [base.first.exam.id, base.first.exam.id]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.exam_ids).toEqual(['An exam is listed twice.']);
    expect((await start(base.scale.id, [])).statusCode).toBe(422);
    const kept = await t.db.selectFrom('calibrations').select('id').where('scale_id', '=', base.scale.id).execute();
    expect(kept).toEqual([]);
  });

  it("fixes the scale's origin with the first form, and locks its constants from then", async () => {
    const scaleBody = {
      platform_id: base.lookups.platform.id,
      skill_id: base.scale.skill_id,
      name_en: 'Reading scale',
      name_ar: 'مقياس القراءة',
      score_origin: 200,
      score_unit: 10,
    };
    const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    const before = await call(
      t.app,
      'PUT',
      `/api/scales/${base.scale.id}`,
      { ...scaleBody, score_unit: 20 },
      { cookie: admin },
    );
    expect(before.statusCode, before.body).toBe(200);
    const started = await start(base.scale.id, [base.first.exam.id]);
    expect(started.json().data).toMatchObject({ method: 'origin', status: 'queued', progress: 0, total: 1 });
    // One calibration of a scale at a time.
    const busy = await start(base.scale.id, [base.first.exam.id]);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('A calibration of this scale is already running. Wait for it to finish.');
    await runCalibration(t.db, started.json().data.id);
    const done = (
      await call(t.app, 'GET', `/api/calibrations/${started.json().data.id}`, undefined, { cookie: author })
    ).json().data;
    expect(done).toMatchObject({ status: 'done', progress: 1, message: null });
    expect(done.exams[0]).toMatchObject({
      role: 'origin',
      shift: 0,
      attempts: PERSONS,
      calibrated: ITEMS,
      converged: true,
    });
    const parameters = await parametersOf(done.id);
    expect(parameters).toHaveLength(ITEMS);
    // The first form's own calibration is centred on its sitting (true mean 0): difficulties recovered.
    const recovered = parameters.map((p) => p.difficulty);
    const error = recovered.map((b, i) => b - difficulties[i]);
    expect(Math.max(...error.map(Math.abs))).toBeLessThan(0.35);
    const scale = await t.db.selectFrom('scales').selectAll().where('id', '=', base.scale.id).executeTakeFirstOrThrow();
    expect(scale.anchor_calibration_id).toBe(done.id);
    const locked = await call(
      t.app,
      'PUT',
      `/api/scales/${base.scale.id}`,
      { ...scaleBody, score_unit: 10 },
      { cookie: admin, lang: 'ar' },
    );
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors).toEqual({
      score_unit: ['المقياس معاير: لم يعد ممكنًا تغيير مهارته ولا ثوابت التقرير فيه.'],
    });
    // Its name may still change.
    const renamed = await call(
      t.app,
      'PUT',
      `/api/scales/${base.scale.id}`,
      { ...scaleBody, score_unit: 20, name_en: 'Reading' },
      { cookie: admin },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('links a harder form sitting 0.4 logits higher through its anchors, dropping a drifting one', async () => {
    const form = await buildLinkedExam(t.db, base, SHARED, ITEMS - SHARED.length);
    // Form 2: its own questions 0.5 logits harder; the anchor at SHARED[3] drifted +1.0 (taught to the test, the other way).
    const own = Array.from({ length: ITEMS - SHARED.length }, (_, i) => -1 + (3 * i) / (ITEMS - SHARED.length - 1));
    const truth = [...SHARED.map((index, k) => difficulties[index] + (k === 3 ? 1 : 0)), ...own];
    await sitCalibrationExam(
      t.db,
      base,
      { id: form.exam.id, questions: form.questions },
      abilitiesAround(2, PERSONS, 0.4),
      truth,
      12,
    );
    const done = await calibrate([form.exam.id]);
    expect(done).toMatchObject({ method: 'linked', status: 'done', progress: 1 });
    const [outcome] = done.exams;
    expect(outcome.role).toBe('linked');
    expect(outcome.dropped.map((d: { question_id: number }) => d.question_id)).toEqual([form.questions[3].id]);
    expect(outcome.dropped[0].displacement).toBeGreaterThan(0.5);
    expect(outcome.stable).toHaveLength(SHARED.length - 1);
    // The sitting's mean was 0.4 above round 1's: its own calibration, centred on it, moves up by about that.
    expect(outcome.shift).toBeGreaterThan(0.25);
    expect(outcome.shift).toBeLessThan(0.55);
    expect(outcome.link_se).toBeGreaterThan(0);
    // Fixed-parameter calibration with the stable anchors at their bank values: the sitting's mean is on the scale.
    expect(outcome.mean).toBeGreaterThan(0.25);
    expect(outcome.mean).toBeLessThan(0.55);
    const parameters = await parametersOf(done.id);
    expect(parameters).toHaveLength(ITEMS);
    // The anchors score this exam at the bank's values, and stay the origin's in the bank; the drifted one too.
    const bank = await t.db.selectFrom('item_parameters').selectAll().where('calibration_id', '<', done.id).execute();
    const anchorRows = parameters.filter((p) => p.question_id === null);
    expect(anchorRows).toHaveLength(SHARED.length);
    for (const row of anchorRows.filter((r) => r.exam_question_id !== form.questions[3].id)) {
      const source = form.questions.find((q) => q.id === row.exam_question_id)!.source_question_id;
      expect(row.difficulty).toBeCloseTo(bank.find((b) => b.question_id === source)!.difficulty, 12);
    }
    // The item analysis puts this form's own difficulties beside the bank's: the drifted anchor is flagged.
    const analysis = await examItemAnalysis(t.db, form.exam.id);
    const [drift] = analysis.scales;
    expect(drift.scale.id).toBe(base.scale.id);
    expect(drift.items).toHaveLength(ITEMS);
    expect(drift.items.find((item) => item.id === form.questions[3].id)).toMatchObject({ drifted: true });
    expect(drift.items.filter((item) => item.drifted).length).toBeLessThanOrEqual(2);
    // The new questions join the bank on the scale: 0.5 harder than round 1's on average.
    const newOnes = parameters.filter((p) => p.question_id !== null);
    expect(newOnes).toHaveLength(ITEMS - SHARED.length);
    const meanNew = newOnes.reduce((sum, p) => sum + p.difficulty, 0) / newOnes.length;
    const truthNew = own.reduce((a, b) => a + b, 0) / own.length;
    expect(Math.abs(meanNew - truthNew)).toBeLessThan(0.15);
  });

  it('refuses a form with fewer than 5 stable anchors whole: nothing written, the reason in the reader’s language', async () => {
    const form = await buildLinkedExam(t.db, base, [1, 4, 9], 12);
    const truth = [
      difficulties[1],
      difficulties[4],
      difficulties[9],
      ...Array.from({ length: 12 }, (_, i) => -1 + i / 6),
    ];
    await sitCalibrationExam(
      t.db,
      base,
      { id: form.exam.id, questions: form.questions },
      abilitiesAround(3, 100, 0),
      truth,
      13,
    );
    const before = await t.db.selectFrom('item_parameters').select('id').execute();
    const started = await start(base.scale.id, [form.exam.id]);
    await runCalibration(t.db, started.json().data.id);
    const read = await call(t.app, 'GET', `/api/calibrations/${started.json().data.id}`, undefined, {
      cookie: author,
      lang: 'ar',
    });
    expect(read.json().data).toMatchObject({
      status: 'refused',
      message: 'يشترك أحد الاختبارات مع البنك في أقل من 5 أسئلة ربط مستقرة: لا يمكن ربطه.',
    });
    expect(read.json().data.exams[0].refused).toBe('too_few_anchors');
    expect(await t.db.selectFrom('item_parameters').select('id').execute()).toHaveLength(before.length);
    // A form nobody sat is refused the same way.
    const empty = await buildLinkedExam(t.db, base, SHARED, 0);
    const none = await calibrate([empty.exam.id]);
    expect(none).toMatchObject({ status: 'refused' });
    expect(none.exams[0].refused).toBe('too_few_attempts');
  });

  it('refuses to delete a scale that has calibrations (409), and keeps them', async () => {
    const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    const removed = await call(
      t.app,
      'DELETE',
      `/api/scales/${base.scale.id}?platform_id=${base.lookups.platform.id}`,
      undefined,
      { cookie: admin },
    );
    expect(removed.statusCode).toBe(409);
    expect(
      await t.db.selectFrom('calibrations').select('id').where('scale_id', '=', base.scale.id).execute(),
    ).not.toEqual([]);
  });

  it('lists the scale’s calibrations, the latest first, to whoever may read them', async () => {
    const listed = await call(t.app, 'GET', `/api/scales/${base.scale.id}/calibrations`, undefined, { cookie: author });
    expect(listed.statusCode).toBe(200);
    const statuses = listed.json().data.map((c: { status: string }) => c.status);
    expect(statuses).toEqual(['refused', 'refused', 'done', 'done']);
    expect(Object.keys(listed.json().data[0]).sort()).toEqual(
      [
        'created_at',
        'design',
        'exam_ids',
        'exams',
        'finished_at',
        'id',
        'message',
        'method',
        'progress',
        'scale_id',
        'status',
        'total',
      ].sort(),
    );
  });
});

describe('GET /api/scales/:id/booklet', () => {
  it("orders the grade's calibrated questions at RP 0.67 beside its students' scaled scores", async () => {
    const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    const grade = base.lookups.grade!.id;
    const read = await call(t.app, 'GET', `/api/scales/${base.scale.id}/booklet?grade_id=${grade}`, undefined, {
      cookie: admin,
    });
    expect(read.statusCode, read.body).toBe(200);
    const booklet = read.json().data;
    expect(booklet.rp).toBe(0.67);
    // Every bank question of the grade's forms with a parameter: round 1's 20 and round 2's 12 new ones.
    expect(booklet.items).toHaveLength(ITEMS + (ITEMS - SHARED.length));
    const locations = booklet.items.map((item: { location: number }) => item.location);
    expect(locations).toEqual([...locations].sort((a, b) => a - b));
    // On the scale (200 + 20 × logit, set before it locked): 200 + 20 × (difficulty + ln(0.67 / 0.33)), to a tenth.
    const [first] = booklet.items;
    expect(first.location).toBeCloseTo(200 + 20 * (first.difficulty + Math.log(0.67 / 0.33)), 0);
    expect(booklet.students.total).toBe(PERSONS * 2);
    expect(booklet.students.bins.reduce((sum: number, bin: { count: number }) => sum + bin.count, 0)).toBe(PERSONS * 2);
    expect(booklet.cuts).toBeNull();
  });

  it('refuses without a session or the permission, and an unknown scale', async () => {
    const url = `/api/scales/${base.scale.id}/booklet`;
    expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', url, undefined, { cookie: corrector })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `${url}?grade_id=abc`, undefined, { cookie: author })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/scales/999999/booklet', undefined, { cookie: author })).statusCode).toBe(
      404,
    );
  });
});
