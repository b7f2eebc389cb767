import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { runCalibration } from '../../src/server/scales';
import { call } from '../helpers/api-client';
import { abilitiesAround, buildCalibrationBase, sitCalibrationExam } from '../helpers/calibration-scene';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * The author's adaptive simulator (issue 43) on a calibrated scale: a grade's 20 calibrated
 * questions, simulated students of that grade's distribution through adaptive rules, off the event
 * loop; and every refusal.
 */
let t: TestContext;
let author: string;
let corrector: string;
let base: Awaited<ReturnType<typeof buildCalibrationBase>>;
const ITEMS = 20;

beforeAll(async () => {
  t = await createTestApp();
  const registry: SchemaRegistry = await loadSchemaRegistry();
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
  corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
  base = await buildCalibrationBase(t.db, registry, ITEMS);
  const difficulties = Array.from({ length: ITEMS }, (_, i) => -1.5 + (3 * i) / (ITEMS - 1));
  await sitCalibrationExam(
    t.db,
    base,
    { id: base.first.exam.id, questions: base.first.questions },
    abilitiesAround(31, 300, 0),
    difficulties,
    32,
  );
  const started = await call(
    t.app,
    'POST',
    `/api/scales/${base.scale.id}/calibrations`,
    { exam_ids: [base.first.exam.id] },
    { cookie: author },
  );
  await runCalibration(t.db, started.json().data.id);
});
afterAll(() => t.close());

const rules = { min_length: 5, max_length: 20, se_target: 0.5, students: 200 };
const simulate = (body: object, cookie: string | null = author, lang: 'en' | 'ar' = 'en', scaleId?: number) =>
  call(
    t.app,
    'POST',
    `/api/scales/${scaleId ?? base.scale.id}/adaptive-simulations`,
    { grade_id: base.lookups.grade!.id, ...body },
    cookie ? { cookie, lang } : { lang },
  );

describe('POST /api/scales/:id/adaptive-simulations', () => {
  it('refuses without a session, without the permission, and an unknown scale', async () => {
    expect((await simulate(rules, null)).statusCode).toBe(401);
    expect((await simulate(rules, corrector)).statusCode).toBe(403);
    expect((await simulate(rules, author, 'en', 999_999)).statusCode).toBe(404);
  });

  it('refuses bad rules with the field and the reason in the reader’s language', async () => {
    const shorter = await simulate({ ...rules, min_length: 12, max_length: 10 }, author, 'ar');
    expect(shorter.statusCode).toBe(422);
    expect(shorter.json().errors).toEqual({ max_length: ['يجب ألا يقل الحد الأقصى لعدد الأسئلة عن الحد الأدنى.'] });
    const few = await simulate({ ...rules, students: 50 });
    expect(few.statusCode).toBe(422);
    expect(Object.keys(few.json().errors)).toEqual(['students']);
    const unknown = await simulate({ ...rules, exposure: 'everything' });
    expect(unknown.statusCode).toBe(422);
    const extra = await simulate({ ...rules, pool: [1, 2] });
    expect(extra.statusCode).toBe(422);
    // A pool smaller than the minimum length; content rules that cannot hold.
    const small = await simulate({ ...rules, min_length: 21, max_length: 30 });
    expect(small.json().errors).toEqual({
      min_length: ['The pool has fewer calibrated questions than the minimum length.'],
    });
    const outcome = base.first.questions.length > 0 ? 999_997 : 0;
    const content = await simulate({
      ...rules,
      content: [
        { learning_outcome_id: outcome, min: 3, max: 2 },
        { learning_outcome_id: outcome, min: 30 },
      ],
    });
    expect(content.statusCode).toBe(422);
    expect(content.json().errors.content).toEqual([
      'A learning outcome has no calibrated question in the pool.',
      'A minimum is above its maximum.',
      'A learning outcome has two rules.',
      'The minimums add up to more than the maximum length.',
    ]);
    // A level with no calibrated question: nothing to simulate.
    const empty = await simulate({ ...rules, grade_id: undefined, level_id: 999_999 });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      level_id: ['The scale has no calibrated question of this grade or level yet.'],
    });
  });

  it('simulates the grade’s students through the rules: bands, lengths, errors and the precision verdict', async () => {
    const response = await simulate(rules);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.pool).toBe(ITEMS);
    // The grade's 300 students, measured on the scale, give the distribution.
    expect(data.prior).toMatchObject({ students: 300, from_students: true });
    expect(Math.abs(data.prior.mean)).toBeLessThan(0.3);
    expect(data.report.students).toBe(200);
    expect(data.report.bands.reduce((sum: number, band: { students: number }) => sum + band.students, 0)).toBe(200);
    expect(data.report.mean_length).toBeGreaterThanOrEqual(5);
    expect(data.report.mean_length).toBeLessThanOrEqual(20);
    expect(data.report.max_exposure).toBeGreaterThan(0);
    expect(data.report.max_exposure).toBeLessThanOrEqual(1);
    expect(data.meets_precision).toBe(data.report.middle_reached >= 0.99);
    // Twenty questions cannot measure to 0.15 logits: the pool does not meet that precision.
    const strict = (await simulate({ ...rules, se_target: 0.15 })).json().data;
    expect(strict.meets_precision).toBe(false);
    expect(strict.report.middle_reached).toBe(0);
    expect(strict.report.mean_length).toBe(20);
  });

  it('simulates off the event loop: the server keeps answering while 10,000 students are simulated', async () => {
    let done = false;
    const started = performance.now();
    const running = simulate({ ...rules, students: 10_000, se_target: 0.15 }).then((response) => {
      done = true;
      return response;
    });
    // Health asked again and again while it runs: no answer waits long (a simulation on the event
    // loop would hold every one of them for its whole length).
    let last = performance.now();
    let longest = 0;
    let answered = 0;
    while (!done) {
      // A turn of the event loop between requests, as a client over the network gives it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await call(t.app, 'GET', '/api/health')).statusCode).toBe(200);
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      answered++;
    }
    expect((await running).statusCode).toBe(200);
    const took = performance.now() - started;
    expect(took).toBeGreaterThan(1000);
    expect(answered).toBeGreaterThan(10);
    expect(longest).toBeLessThan(took / 2);
  });

  it('runs Sympson–Hetter control, and changes nothing in the bank', async () => {
    const before = await t.db.selectFrom('item_parameters').select('id').execute();
    const response = await simulate({ ...rules, exposure: 'sympson_hetter', ceiling: 0.6 });
    expect(response.statusCode, response.body).toBe(200);
    const { report, meets_exposure } = response.json().data;
    expect(report.pool_used).toBeGreaterThan(0);
    // The ceiling is checked, not assumed.
    expect(meets_exposure).toBe(report.max_exposure <= 0.6);
    expect((await simulate(rules)).json().data.meets_exposure).toBeNull();
    expect(await t.db.selectFrom('item_parameters').select('id').execute()).toHaveLength(before.length);
  });
});
