import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { itemAnalysisReport } from '../../../src/common/contracts/index';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildCorrectionScene } from '../../helpers/correction-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * Marker agreement from blind double marking, and the item statistics as a sheet. Three students;
 * Amal (first) and Badr (second) mark each one's essay (/4), recording (/4) and summary (/3):
 *   essay  4/4, 3/2, 1/1   -> exact 2 of 3, adjacent 1 of 3
 *   spoken 2/2, 4/2, 0/0   -> exact 2 of 3, 2 steps apart once
 *   summary 1/1, 2/2, 3/3  -> exact 3 of 3
 * Threshold 50%: every pair is within it, so no deciding marker is needed.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let author: string;
let first: string;
let second: string;
let scene: Awaited<ReturnType<typeof buildCorrectionScene>>;

const MARKS = {
  first: [
    [4, 2, 1],
    [3, 4, 2],
    [1, 0, 3],
  ],
  second: [
    [4, 2, 1],
    [2, 2, 2],
    [1, 0, 3],
  ],
};

beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
  first = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector, name: 'Amal First' }));
  second = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector, name: 'بدر الثاني' }));
  scene = await buildCorrectionScene(t.app, t.db, registry, {
    count: 3,
    exam: { double_marking: true, double_marking_threshold: 50, pass_mark: 50 },
  });
  for (const [cookie, marks] of [
    [first, MARKS.first],
    [second, MARKS.second],
  ] as const)
    for (const [index, [essay, spoken, summary]] of marks.entries()) {
      const response = await call(
        t.app,
        'POST',
        '/api/exams/submit/correction',
        {
          exam_id: scene.exam.id,
          student_id: scene.students[index].id,
          version: 0,
          corrections: [
            { question_id: scene.q.essay.id, mark: essay },
            { question_id: scene.q.spoken.id, mark: spoken },
            { question_id: scene.q.paragraph.id, part: 'w1', mark: summary },
          ],
        },
        { cookie },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
}, 180_000);
afterAll(() => t.close());

const get = (url: string, lang: 'en' | 'ar' = 'en', cookie = author) =>
  call(t.app, 'GET', url, undefined, { cookie, lang });

describe('marker agreement', () => {
  it('counts exact and adjacent agreement per question and per pair of markers, by name', async () => {
    const response = await get(`/api/exams/${scene.exam.id}/item-analysis`);
    expect(response.statusCode, response.body).toBe(200);
    const { markers, exam } = itemAnalysisReport.parse(response.json().data);
    expect(exam.attempts).toBe(3);
    const byQuestion = Object.fromEntries(markers.questions.map((q) => [`${q.id}:${q.part}`, q]));
    expect(byQuestion[`${scene.q.essay.id}:`]).toMatchObject({ n: 3, max: 4, exact: 0.6667, adjacent: 0.3333 });
    expect(byQuestion[`${scene.q.spoken.id}:`]).toMatchObject({ n: 3, exact: 0.6667, adjacent: 0 });
    expect(byQuestion[`${scene.q.paragraph.id}:w1`]).toMatchObject({ n: 3, max: 3, exact: 1, adjacent: 0, kappa: 1 });
    // A part is shown by its place in its paragraph (w1 is the first), a whole question by none (issue 41).
    expect(byQuestion[`${scene.q.paragraph.id}:w1`].part_number).toBe(1);
    expect(byQuestion[`${scene.q.essay.id}:`].part_number).toBeNull();
    expect(markers.pairs).toHaveLength(1);
    expect(markers.pairs[0]).toMatchObject({
      first: { name: 'Amal First' },
      second: { name: 'بدر الثاني' },
      n: 9,
      exact: 0.7778,
      adjacent: 0.1111,
    });
    // Mean of (first − second) / max: (1/4 + 2/4) / 9.
    expect(markers.pairs[0].mean_difference).toBeCloseTo(0.75 / 9, 4);
    // Quadratic-weighted kappa of the nine marks as shares of their maximum (essay and recording /4,
    // summary /3), by hand: means 0.611111 and 0.527778, variances 0.118827 and 0.095679, covariance
    // 0.093364; 2 × 0.093364 / (0.118827 + 0.095679 + 0.083333²) = 0.8432.
    expect(markers.pairs[0].kappa).toBe(0.8432);
    // Nine answers each: too few to judge a marker's drift.
    expect(markers.drift).toEqual([]);
    // The rules it judges by, for the tab's texts.
    expect(itemAnalysisReport.parse(response.json().data).limits).toMatchObject({
      distractor_above: 0.05,
      dif_moderate_d: 1,
      dif_large_d: 1.5,
      drift_min_answers: 20,
      drift_mean_difference: 0.1,
      drift_min_close: 0.8,
    });
  });

  it('names markers but never the students they marked', async () => {
    const { markers } = (await get(`/api/exams/${scene.exam.id}/item-analysis`)).json().data;
    const text = JSON.stringify(markers);
    for (const student of scene.students) {
      expect(text).not.toContain(student.name_en);
      expect(text).not.toContain(student.name_ar);
      expect(text).not.toMatch(new RegExp(`"(student_id|attempt_id)"`));
    }
  });
});

describe('GET /api/exams/{id}/item-analysis/export', () => {
  it('gives the item statistics as CSV in the reader’s language', async () => {
    const response = await get(`/api/exams/${scene.exam.id}/item-analysis/export?format=csv`, 'ar');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="item-analysis-${scene.exam.id}.csv"`);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toContain('معامل السهولة');
    expect(lines[0]).toContain('ألفا عند حذف السؤال');
    expect(lines).toHaveLength(1 + 4);
    expect(lines[3]).toContain('صواب (صحيح)');
  });

  it('gives them as a workbook with one row per question', async () => {
    const response = await get(`/api/exams/${scene.exam.id}/item-analysis/export?format=xlsx`);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Item statistics');
    expect(sheet.getRow(1).getCell(6).value).toBe('Facility');
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(2).getCell(1).value).toBe(1);
  });

  it('refuses an unknown format (400), no exam (404), and those who may not read item statistics', async () => {
    expect((await get(`/api/exams/${scene.exam.id}/item-analysis/export?format=pdf`)).statusCode).toBe(400);
    expect((await get('/api/exams/999999/item-analysis/export')).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/exams/${scene.exam.id}/item-analysis/export`)).statusCode).toBe(401);
    expect((await get(`/api/exams/${scene.exam.id}/item-analysis/export`, 'en', first)).statusCode).toBe(403);
  });
});
