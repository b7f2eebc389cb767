import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { itemAnalysisReport } from '../../../src/common/contracts/index';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { examItemAnalysis } from '../../../src/server/item-analysis/index';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildUser, signIn } from '../../helpers/factories';
import { buildReportScene } from '../../helpers/report-factory';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * Item analysis over a corrected exam: six students answered an essay (/4), a recording (/4), a
 * true/false (/4, all right) and a paragraph (/5: an essay part /3 and a true/false part /2, all
 * wrong); five were corrected (essay, recording, paragraph essay): 4 4 3, 3 2 2, 1 0 1, 4 3 3, 2 2 1.
 * Totals 15, 11, 6, 14, 9: mean 11, variance 54 / 4 = 13.5, sd 3.6742. Item variances 1.7, 2.2, 0,
 * 1.0: alpha = 4/3 × (1 − 4.9 / 13.5) = 0.8494; SEM = 3.6742 × √0.1506 = 1.4259. Facilities 0.7,
 * 0.55, 1, 0.4. Groups of one: the upper is 15, the lower 6: the essay's index (4 − 1) / 4 = 0.75.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let author: string;
let scene: Awaited<ReturnType<typeof buildReportScene>>;

beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
  scene = await buildReportScene(t, registry, { count: 6, corrected: 5 });
}, 180_000);
afterAll(() => t.close());

const get = (url: string, cookie = author, lang: 'en' | 'ar' = 'en') =>
  call(t.app, 'GET', url, undefined, { cookie, lang });

describe('GET /api/exams/{id}/item-analysis', () => {
  it('gives the exam figures and each question’s statistics as computed by hand', async () => {
    const response = await get(`/api/exams/${scene.exam.id}/item-analysis`);
    expect(response.statusCode, response.body).toBe(200);
    const { exam, items } = itemAnalysisReport.parse(response.json().data);
    expect(exam).toMatchObject({
      id: scene.exam.id,
      attempts: 5,
      items: 4,
      max: 17,
      mean: 11,
      median: 11,
      sd: 3.6742,
      min: 6,
      highest: 15,
      alpha: 0.8494,
      sem: 1.4259,
      group_size: 1,
      // Five attempts: figures with intervals, no flags.
      unstable: true,
    });
    expect(exam.alpha_ci![0]).toBeLessThan(0.8494);
    expect(exam.alpha_ci![1]).toBeGreaterThan(0.8494);
    expect(items.map((item) => [item.answer_type, item.max, item.facility])).toEqual([
      ['essay', 4, 0.7],
      ['audio_response', 4, 0.55],
      ['true_false', 4, 1],
      ['paragraph', 5, 0.4],
    ]);
    expect(items[0].discrimination_index).toBe(0.75);
    expect(items.map((item) => item.flags)).toEqual([[], [], [], []]);
    expect(items[2].options).toEqual([
      {
        id: 'true',
        text: 'true',
        correct: true,
        count: 5,
        share: 1,
        upper_share: 1,
        lower_share: 1,
        point_biserial: null,
        flags: [],
      },
      {
        id: 'false',
        text: 'false',
        correct: false,
        count: 0,
        share: 0,
        upper_share: 0,
        lower_share: 0,
        point_biserial: null,
        flags: [],
      },
    ]);
    expect(items[2].omitted_share).toBe(0);
    expect(items[0].options).toBeNull();
    expect(items[0].position).toBe(1);
  });

  it('gives each raw score of the Rasch calibration its ability and standard error, and its students', async () => {
    const { rasch, exam } = itemAnalysisReport.parse(
      (await get(`/api/exams/${scene.exam.id}/item-analysis`)).json().data,
    );
    const scores = rasch!.scores;
    expect(scores.map((row) => row.raw_score)).toEqual(scores.map((_, index) => index));
    expect(scores.reduce((sum, row) => sum + row.persons, 0)).toBe(exam.attempts);
    for (const [index, row] of scores.entries()) {
      expect(row.se).toBeGreaterThan(0);
      if (index > 0) expect(row.ability).toBeGreaterThan(scores[index - 1].ability);
    }
  });

  it('counts each attempt as its result does: the totals are the stored scores', async () => {
    const rows = await t.db
      .selectFrom('exam_attempts as a')
      .innerJoin('student_exams as se', 'se.id', 'a.student_exam_id')
      .select('a.result_score')
      .where('se.exam_id', '=', scene.exam.id)
      .where('a.result_mark', 'is not', null)
      .execute();
    const stored = rows.map((row) => Number(row.result_score));
    const { exam } = (await get(`/api/exams/${scene.exam.id}/item-analysis`)).json().data;
    expect(stored).toHaveLength(5);
    expect(exam.mean).toBeCloseTo(stored.reduce((a, b) => a + b, 0) / stored.length, 4);
  });

  it('reads the item scores kept with each result, and an attempt stored without them the old way, alike', async () => {
    const kept = await examItemAnalysis(t.db, scene.exam.id);
    const stored = await t.db
      .selectFrom('exam_attempts as a')
      .innerJoin('student_exams as se', 'se.id', 'a.student_exam_id')
      .select(['a.id', 'a.item_scores', 'a.item_choices'])
      .where('se.exam_id', '=', scene.exam.id)
      .where('a.result_mark', 'is not', null)
      .orderBy('a.id')
      .execute();
    expect(stored.every((row) => row.item_scores && row.item_choices !== null)).toBe(true);
    // The first student's essay and recording (4 and 4), the true/false (4), the paragraph (3 of 5).
    const cells = Object.fromEntries(stored[0].item_scores!.split(';').map((cell) => cell.split(':').map(Number)));
    expect(cells).toEqual({
      [scene.q.essay.id]: 4,
      [scene.q.spoken.id]: 4,
      [scene.q.tf.id]: 4,
      [scene.q.paragraph.id]: 3,
    });
    expect(stored[0].item_choices).toBe(`${scene.q.tf.id}:true`);
    // As if three results had been stored before the scores were kept: the same figures.
    await t.db
      .updateTable('exam_attempts')
      .set({ item_scores: null, item_choices: null })
      .where(
        'id',
        'in',
        stored.slice(0, 3).map((row) => row.id),
      )
      .execute();
    expect(await examItemAnalysis(t.db, scene.exam.id)).toEqual(kept);
    await Promise.all(
      stored.map((row) =>
        t.db
          .updateTable('exam_attempts')
          .set({ item_scores: row.item_scores, item_choices: row.item_choices })
          .where('id', '=', row.id)
          .execute(),
      ),
    );
  });

  it('follows a marker’s override of an automatic score', async () => {
    // The corrector takes the true/false mark away from the weakest student, with a reason.
    const weakest = scene.students[2];
    const response = await call(
      t.app,
      'POST',
      '/api/exams/submit/correction',
      {
        exam_id: scene.exam.id,
        student_id: weakest.id,
        version: 1,
        corrections: [{ question_id: scene.q.tf.id, part: '', mark: 0, comment: null, reason: 'Copied' }],
      },
      { cookie: scene.corrector },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { items, exam } = (await get(`/api/exams/${scene.exam.id}/item-analysis`)).json().data;
    expect(items[2].facility).toBe(0.8);
    expect(items[2].discrimination_index).toBe(1);
    expect(exam.min).toBe(2);
  });

  it('answers an exam without corrected attempts with empty figures, and 404 for no exam', async () => {
    const other = await buildReportScene(t, registry, { count: 2, corrected: 0 });
    const response = await get(`/api/exams/${other.exam.id}/item-analysis`, author, 'ar');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.exam).toMatchObject({ attempts: 0, alpha: null });
    expect((await get('/api/exams/999999/item-analysis')).statusCode).toBe(404);
    expect((await get('/api/exams/abc/item-analysis')).statusCode).toBe(400);
  });

  it('computes once for many concurrent cold requests (single flight), and keeps the result', async () => {
    const cold = await buildReportScene(t, registry, { count: 3, corrected: 3 });
    const url = `/api/exams/${cold.exam.id}/item-analysis`;
    const computations = () =>
      t.logs
        .map((line) => JSON.parse(line) as { msg?: string; exam?: number })
        .filter((line) => line.msg === 'item analysis computed' && line.exam === cold.exam.id).length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(url)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(computations()).toBe(1);
    await Promise.all(Array.from({ length: 4 }, () => get(url)));
    expect(computations()).toBe(1);
  });

  it('is for authors and admins: 401 signed out, 403 for correctors, school staff and students', async () => {
    const url = `/api/exams/${scene.exam.id}/item-analysis`;
    expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
    for (const role of [ROLES.corrector, ROLES.school, ROLES.student]) {
      const cookie = await signIn(t.app, await buildUser(t.db, { role }));
      expect((await get(url, cookie)).statusCode, role).toBe(403);
    }
    const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    expect((await get(url, admin)).statusCode).toBe(200);
  });
});
