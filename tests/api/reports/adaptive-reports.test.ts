import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../locales/index';
import { REPORT_TYPE } from '../../../src/common/reports/index';
import { ManualClock } from '../../../src/server/clock';
import { createTypstRenderer, type ReportDocument } from '../../../src/server/pdf/index';
import { loadReportContext } from '../../../src/server/reports/report-data';
import { migrateSchoolResults } from '../../../src/server/reports/report-migration';
import { composeReportDocument, loadReportData } from '../../../src/server/reports/report-documents';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { answerAt, buildAdaptiveScene, sitTest, type AdaptiveScene } from '../../helpers/adaptive-scene';
import { buildUser, signIn } from '../../helpers/factories';
import { pdfText } from '../../helpers/pdf-reading';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * An adaptive exam's PDFs (issue 43): each student answered questions chosen for them, so the
 * documents print the scaled score with its error and the level (where the scale has cut scores),
 * never the mark over the questions given, its pass or fail, or a percentage per skill.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let s: AdaptiveScene;
let reports = 0;
beforeAll(async () => {
  t = await createTestApp({}, clock);
  const registry = await loadSchemaRegistry();
  const author = await signIn(t.app, await buildUser(t.db, { role: 'com.ltm.roles.author' }));
  s = await buildAdaptiveScene(t.app, t.db, registry, author);
  for (const [i, ability] of [
    [0, 1.2],
    [1, -1.2],
  ]) {
    const me = s.student(i);
    await sitTest(me, answerAt(s, ability));
    expect((await me.as('POST', '/submit')).statusCode).toBe(200);
  }
  // Released, then moved into the reporting table as the school's report migration does.
  await t.db.updateTable('student_exams').set({ released_at: clock.now() }).where('exam_id', '=', s.exam.id).execute();
  expect(await migrateSchoolResults(t.db, s.school.id, clock.now())).toBe(2);
}, 120_000);
afterAll(() => t.close());

/** A report record of the adaptive exam at the scene's school, then its context as the job reads it. */
async function contextOf(type: keyof typeof REPORT_TYPE, studentId: number | null = null) {
  const exam = await t.db
    .selectFrom('exams')
    .select(['platform_id', 'round_id', 'grade_id', 'academic_year_id'])
    .where('id', '=', s.exam.id)
    .executeTakeFirstOrThrow();
  const report = await t.db
    .insertInto('reports')
    .values({
      name: `${type} report`,
      type: REPORT_TYPE[type],
      platform_id: exam.platform_id,
      exam_id: s.exam.id,
      school_id: s.school.id,
      grade_id: type === 'school' ? null : exam.grade_id,
      school_class_id: type === 'class' || type === 'student' ? s.schoolClass.id : null,
      student_id: studentId,
      round_id: exam.round_id,
      academic_year_id: exam.academic_year_id,
      language: 'both',
      country: null,
      status: 1,
      file_name: type,
      error: null,
      created_by: null,
      scope_key: `adaptive:${type}:${studentId ?? ''}:${++reports}`,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return loadReportContext(t.db, report.id);
}

async function documents(type: keyof typeof REPORT_TYPE, studentId: number | null = null) {
  const context = await contextOf(type, studentId);
  const data = await loadReportData(t.db, context);
  return (['en', 'ar'] as const).map((lang) => composeReportDocument(context, data, lang, clock.now(), 'UTC'));
}

/** A scaled score with its error: "213 ± 7.6" (Arabic-Indic digits in Arabic). */
const SCALED = /^[\d٠-٩.,٫]+ ± [\d٠-٩.,٫]+$/;
const MEAN = /^[\d٠-٩]+$/;

/** Nothing of the document is a mark, a pass or fail, or a percentage per skill. */
function expectNoMarks(doc: ReportDocument) {
  const words = catalogs[doc.lang].reports.pdf;
  const json = JSON.stringify(doc);
  for (const word of [words.passed, words.failed, words.participation.pass_rate, words.participation.average])
    expect(json).not.toContain(word);
  expect(doc.skills).toEqual([]);
  expect(doc.outcomes).toBeUndefined();
  expect(doc.note).toBe(words.adaptive.note);
  expect(doc.labels.total).toBe(words.adaptive.scaled_score);
  expect(doc.labels.mark).toBe(words.adaptive.scaled_score);
  // No "raw percent above" under the scale's table: there is none.
  for (const scale of doc.growth!.scales) expect(scale.note).not.toContain(words.growth.raw_note);
}

describe("an adaptive exam's reports", () => {
  it("give a student the scaled score with its error and the class's and school's means, never a mark or a pass", async () => {
    for (const doc of await documents('student', s.students[0].id)) {
      expectNoMarks(doc);
      expect(doc.total!.value).toMatch(SCALED);
      expect(doc.total!.result).toBeUndefined();
      expect(doc.total!.passed).toBeUndefined();
      // The scale has no cut scores for the grade: no level either.
      expect(doc.total!.tier).toBeUndefined();
      for (const average of doc.total!.averages) expect(average.value).toMatch(MEAN);
      expect(doc.growth!.scales[0].rows[0].current).toBe(doc.total!.value);
    }
  });

  it('list a class and a school by scaled score, and compare a grade by mean scaled score', async () => {
    for (const type of ['class', 'school'] as const)
      for (const doc of await documents(type)) {
        expectNoMarks(doc);
        expect(doc.students).toHaveLength(2);
        for (const row of doc.students!) {
          expect(row.mark).toMatch(SCALED);
          expect(row.result).toBeUndefined();
        }
        expect(doc.participation!.at(-1)!.value).toMatch(MEAN);
        expect(doc.tiers).toBeUndefined();
      }
    for (const doc of await documents('grade')) {
      expectNoMarks(doc);
      expect(doc.classes!.rows).toHaveLength(1);
      expect(doc.classes!.rows[0].average).toMatch(MEAN);
      expect(doc.classes!.rows[0].tiers).toBeUndefined();
    }
  });

  it('label each student by performance level where the scale has cut scores, and print every document', async () => {
    const exam = await t.db
      .selectFrom('exams')
      .select(['grade_id', 'platform_id'])
      .where('id', '=', s.exam.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('scale_cuts')
      .values({
        name: 'Grade cuts',
        name_en: 'Grade cuts',
        name_ar: 'درجات القطع',
        platform_id: exam.platform_id,
        scale_id: s.scale!.id,
        grade_id: exam.grade_id,
        level_id: null,
        approaching_from: 190,
        meeting_from: 200,
        exceeding_from: 210,
      })
      .execute();
    const [strong] = await documents('student', s.students[0].id);
    expect(strong.total!.tier).toBe('exceeding');
    const [weak] = await documents('student', s.students[1].id);
    expect(weak.total!.tier).toBe('below');
    const renderer = createTypstRenderer();
    for (const type of ['class', 'grade', 'school'] as const) {
      const [english, arabic] = await documents(type);
      if (type !== 'grade') {
        expect(english.tiers!.map((tier) => tier.count)).toEqual(['1', '0', '0', '1']);
        expect(english.students!.map((row) => row.tier).sort()).toEqual(['below', 'exceeding']);
      }
      // The template lays out a total with no pass or fail, students with no result and classes with no tiers.
      for (const doc of [english, arabic]) {
        const text = pdfText(renderer.render(doc));
        expect(text).not.toContain('Passed');
        expect(text).toContain(type === 'grade' ? doc.classes!.rows[0].average : doc.students![0].mark.split(' ')[0]);
      }
    }
    for (const doc of [strong, weak]) expect(pdfText(renderer.render(doc))).toContain(doc.total!.value.split(' ')[0]);
  });
});
