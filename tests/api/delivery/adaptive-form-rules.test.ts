import { describe, expect, it } from 'vitest';
import { mulberry32, normal, simulateCat } from '../../../src/common/statistics/index';
import { readAdaptiveExam } from '../../../src/server/scales';
import { call } from '../../helpers/api-client';
import { answerAt, buildAdaptiveScene, sitTest, type AdaptiveScene } from '../../helpers/adaptive-scene';
import { buildExamLookups, examBody } from '../../helpers/exam-factory';
import { buildTwoOutcomeScene } from '../../helpers/two-outcome-scene';
import { author, registry, t, useStudentExamApp } from './student-exam-scene';

/**
 * The adaptive exam form's last rules (issue 43): Sympson–Hetter exposure control, whose control
 * probabilities publishing sets by simulating the grade's students under the exam's ceiling, and at
 * least and at most so many questions of each learning outcome, refused at publishing when the pool
 * or the test's length cannot meet them.
 */
useStudentExamApp();

/** An adaptive scene whose harder half of the pool (20 of 40) is a second, named learning outcome. */
async function twoOutcomes(exam: Record<string, unknown>, publish = true) {
  const scene = await buildTwoOutcomeScene(t.app, t.db, registry, author, { exam, publish });
  // The easier half's outcome is the pool's first: the one a refusal names when both are short.
  for (const [id, name_en, name_ar] of [
    [scene.outcomes.easy, 'Finds the main idea', 'يحدد الفكرة الرئيسة'],
    [scene.outcomes.hard, 'Infers meaning', 'يستنتج المعنى'],
  ] as const)
    await t.db.updateTable('learning_outcomes').set({ name_en, name_ar }).where('id', '=', id).execute();
  return scene;
}

const publish = (s: AdaptiveScene, lang = 'en') =>
  call(t.app, 'PUT', `/api/exams/${s.exam.id}/publish`, undefined, {
    cookie: author,
    headers: { 'accept-language': lang },
  });

describe('Sympson–Hetter exposure control on the exam form', () => {
  it("is published with control probabilities that keep new students' exposure under the ceiling", async () => {
    const s = await buildAdaptiveScene(t.app, t.db, registry, author, {
      items: 100,
      exam: { adaptive_exposure: 'sympson_hetter', adaptive_exposure_ceiling: 0.25, adaptive_max_questions: 25 },
    });
    const row = await t.db
      .selectFrom('exams')
      .select(['adaptive_exposure_rates', 'is_published'])
      .where('id', '=', s.exam.id)
      .executeTakeFirstOrThrow();
    expect(row.is_published).toBe(true);
    const stored = row.adaptive_exposure_rates as Record<string, number>;
    expect(Object.keys(stored).map(Number).sort()).toEqual(s.questions.map((q) => q.id).sort());
    const rates = Object.values(stored);
    expect(rates.every((rate) => rate > 0 && rate <= 1)).toBe(true);
    // Without control the questions near the grade's mean reach far more than a quarter of the students.
    expect(rates.filter((rate) => rate < 1).length).toBeGreaterThan(3);

    // Delivery reads them, and 2,000 new students of the grade's distribution stay under the ceiling.
    const exam = (await readAdaptiveExam(t.db, s.exam.id))!;
    expect(exam.rules.exposure.method).toBe('sympson-hetter');
    const draw = mulberry32(77);
    const abilities = Array.from({ length: 2000 }, () => normal(draw));
    const controlled = simulateCat(exam.pool, exam.rules, { mean: 0, sd: 1 }, abilities, 5);
    expect(Math.max(...controlled.exposure.values())).toBeLessThanOrEqual(0.25);
    const free = simulateCat(
      exam.pool,
      { ...exam.rules, exposure: { method: 'none' } },
      { mean: 0, sd: 1 },
      abilities,
      5,
    );
    expect(Math.max(...free.exposure.values())).toBeGreaterThan(0.9);

    // A student sits it through the API: no question twice, to the end.
    const { given, last } = await sitTest(s.student(0), answerAt(s, 0.3));
    expect(new Set(given).size).toBe(given.length);
    expect(last.adaptive.finished).toBe(true);
  });

  it('refuses to publish a ceiling the pool cannot keep (418, both languages)', async () => {
    // 40 questions and tests of about 12: a tenth of the students per question is below the mean exposure.
    const s = await buildAdaptiveScene(t.app, t.db, registry, author, {
      exam: { adaptive_exposure: 'sympson_hetter', adaptive_exposure_ceiling: 0.1 },
      publish: false,
    });
    for (const [lang, start] of [
      ['en', 'This pool cannot keep every question under 10% of the students'],
      ['ar', 'لا يستطيع هذا المخزون إبقاء كل سؤال دون 10\u200e%\u200e من الطلاب'],
    ]) {
      const refused = await publish(s, lang);
      expect(refused.statusCode, refused.body).toBe(418);
      expect(refused.json().message.startsWith(start)).toBe(true);
    }
    const row = await t.db
      .selectFrom('exams')
      .select(['is_published', 'adaptive_exposure_rates'])
      .where('id', '=', s.exam.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_published: false, adaptive_exposure_rates: null });
  });

  it('refuses a ceiling outside 0.05 to 0.90 on the form, in both languages', async () => {
    const l = await buildExamLookups(t.db, registry);
    for (const [lang, message] of [
      ['en', 'Enter a share of students from 0.05 to 0.90'],
      ['ar', 'أدخل نسبة من الطلاب بين 0.05 و0.90'],
    ]) {
      const refused = await call(
        t.app,
        'POST',
        '/api/exams',
        examBody(l, {
          delivery_mode: 'adaptive',
          adaptive_exposure: 'sympson_hetter',
          adaptive_exposure_ceiling: 0.95,
        }),
        { cookie: author, headers: { 'accept-language': lang } },
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ adaptive_exposure_ceiling: [message] });
    }
    const saved = await call(
      t.app,
      'POST',
      '/api/exams',
      examBody(l, { delivery_mode: 'adaptive', adaptive_exposure: 'sympson_hetter' }),
      { cookie: author },
    );
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({ adaptive_exposure: 'sympson_hetter', adaptive_exposure_ceiling: 0.25 });
  });
});

describe('at least and at most so many questions of each learning outcome', () => {
  it("hold in a strong student's test, who would otherwise get the hard outcome only", async () => {
    const ruled = await twoOutcomes({
      adaptive_min_questions: 10,
      adaptive_max_questions: 20,
      adaptive_outcome_min: 3,
      adaptive_outcome_max: 12,
    });
    const { given } = await sitTest(ruled.s.student(0), answerAt(ruled.s, 1.8));
    const hard = ruled.hard(given);
    expect(hard).toBeGreaterThanOrEqual(3);
    expect(hard).toBeLessThanOrEqual(12);
    expect(given.length - hard).toBeGreaterThanOrEqual(3);
    expect(given.length - hard).toBeLessThanOrEqual(12);

    const free = await twoOutcomes({ adaptive_min_questions: 10, adaptive_max_questions: 20 });
    const unruled = await sitTest(free.s.student(0), answerAt(free.s, 1.8));
    expect(unruled.given.length - free.hard(unruled.given)).toBeLessThan(3);
  });

  it('refuse to publish a pool or a length that cannot meet them (418, both languages), and publish nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { adaptive_outcome_min: 21, adaptive_max_questions: 60 },
        'Each student must get at least 21 questions of every learning outcome, but the pool has fewer of “Finds the main idea”.',
        'يجب ألّا يقل عدد أسئلة كل ناتج تعلّم في اختبار الطالب عن 21، لكن عدد أسئلة الناتج «يحدد الفكرة الرئيسة» في المخزون أقل من ذلك.',
      ],
      [
        { adaptive_outcome_min: 8, adaptive_max_questions: 15 },
        'Each student must get at least 8 questions of each of the pool’s 2 learning outcomes: more than the most questions of a test (15).',
        'يجب ألّا يقل عدد أسئلة كل ناتج تعلّم عن 8، وعدد نواتج التعلّم في المخزون 2: فيتجاوز ذلك أكبر عدد لأسئلة الاختبار (15).',
      ],
      [
        { adaptive_outcome_max: 3, adaptive_min_questions: 8 },
        'At most 3 questions of each of the pool’s 2 learning outcomes cannot make the fewest questions of a test (8).',
        'الحد الأعلى لعدد أسئلة كل ناتج تعلّم 3، وعدد نواتج التعلّم في المخزون 2: فلا يبلغ ذلك أقل عدد لأسئلة الاختبار (8).',
      ],
    ];
    for (const [exam, english, arabic] of cases) {
      const { s } = await twoOutcomes(exam, false);
      for (const [lang, message] of [
        ['en', english],
        ['ar', arabic],
      ]) {
        const refused = await publish(s, lang);
        expect(refused.statusCode, refused.body).toBe(418);
        expect(refused.json().message).toBe(message);
      }
      const row = await t.db.selectFrom('exams').select('is_published').where('id', '=', s.exam.id).executeTakeFirst();
      expect(row!.is_published).toBe(false);
    }
  });

  it('refuse a most below the fewest on the form, in both languages', async () => {
    const l = await buildExamLookups(t.db, registry);
    for (const [lang, message] of [
      ['en', 'The most questions of an outcome cannot be fewer than the fewest'],
      ['ar', 'لا يمكن أن يكون أكبر عدد من أسئلة الناتج أقل من أصغر عدد'],
    ]) {
      const refused = await call(
        t.app,
        'POST',
        '/api/exams',
        examBody(l, { delivery_mode: 'adaptive', adaptive_outcome_min: 4, adaptive_outcome_max: 2 }),
        { cookie: author, headers: { 'accept-language': lang } },
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ adaptive_outcome_max: [message] });
    }
  });
});
