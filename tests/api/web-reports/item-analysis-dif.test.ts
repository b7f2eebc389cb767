import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32, normal } from '../../helpers/seeded-random';
import type { SchemaRegistry } from '../../../schemas/index';
import { difComparison } from '../../../src/common/contracts/index';
import { ManualClock } from '../../../src/server/clock';
import { difComparisons } from '../../../src/server/item-analysis/psychometrics';
import type { AttemptFacts } from '../../../src/server/item-analysis/item-scores';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { buildReportScene } from '../../helpers/report-factory';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * DIF as the item analysis groups it: by the exam's version (the exam itself against a
 * localization), by gender and by school, named from the database. 600 simulated students (a
 * seeded generator), 10 one-mark questions; question 3 is made harder in the localized version
 * (a translation that went wrong), nothing else differs.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let scene: Awaited<ReturnType<typeof buildReportScene>>;
let localizationId: number;

beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  scene = await buildReportScene(t, registry, { count: 2, corrected: 0 });
  localizationId = (
    await t.db
      .insertInto('exam_localizations')
      .values({ exam_id: scene.exam.id, name: 'Morocco (French)', countries: '["MA"]', translations: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 180_000);
afterAll(() => t.close());

function simulate() {
  const random = mulberry32(7);
  const items = Array.from({ length: 10 }, (_, index) => ({ id: 100 + index, max: 1 }));
  const difficulties = items.map((_, index) => -1.5 + (index * 3) / 9);
  const scores: number[][] = [];
  const attempts: AttemptFacts[] = [];
  for (let person = 0; person < 600; person++) {
    const localized = person % 3 === 0;
    const theta = normal(random);
    scores.push(
      difficulties.map((difficulty, index) => {
        const shift = localized && index === 2 ? 1.5 : 0;
        return random() < 1 / (1 + Math.exp(-(theta - difficulty - shift))) ? 1 : 0;
      }),
    );
    attempts.push({
      id: person + 1,
      localization_id: localized ? localizationId : null,
      gender: person % 2 === 0 ? 'male' : person % 7 === 0 ? null : 'female',
      school_id: person < 550 ? scene.school.id : 999_999,
    });
  }
  return { items, scores, attempts };
}

describe('DIF comparisons of the item analysis', () => {
  it('flags the question that works differently in the localized version, named from the database', async () => {
    const { items, scores, attempts } = simulate();
    const comparisons = (await difComparisons(t.db, items, scores, attempts)).map((c) => difComparison.parse(c));
    const language = comparisons.find((c) => c.by === 'language')!;
    expect(language.reference).toEqual({ key: 'original', name_en: null, name_ar: null, n: 400 });
    expect(language.focal).toHaveLength(1);
    const focal = language.focal[0];
    expect(focal).toMatchObject({ key: String(localizationId), name_en: 'Morocco (French)', n: 200, skipped: null });
    const third = focal.items.find((item) => item.position === 3)!;
    expect(third).toMatchObject({ kind: 'mh', category: 'C', favours: 'reference' });
    expect(third.statistic!).toBeLessThan(-1.5);
    expect(focal.items.filter((item) => item.category === 'C').map((item) => item.position)).toEqual([3]);
  });

  it('compares genders (the unrecorded left out) and leaves out schools too small to compare', async () => {
    const { items, scores, attempts } = simulate();
    const comparisons = await difComparisons(t.db, items, scores, attempts);
    const gender = comparisons.find((c) => c.by === 'gender')!;
    expect(gender.reference!.key).toBe('male');
    expect(gender.reference!.n + gender.focal[0].n).toBeLessThan(600);
    expect(gender.focal[0]).toMatchObject({ key: 'female', skipped: null });
    // The second school has 50 students: under the 100 a comparison needs, so it is not listed.
    const school = comparisons.find((c) => c.by === 'school')!;
    expect(school.reference).toMatchObject({ key: String(scene.school.id), name_en: scene.school.name_en, n: 550 });
    expect(school.focal).toEqual([]);
  });

  it('keeps a small version, listed as too small', async () => {
    const { items, scores, attempts } = simulate();
    const few = attempts.map((a, index) => ({ ...a, localization_id: index < 40 ? localizationId : null }));
    const language = (await difComparisons(t.db, items, scores, few)).find((c) => c.by === 'language')!;
    expect(language.focal).toEqual([
      expect.objectContaining({ key: String(localizationId), n: 40, skipped: 'too_small', items: [] }),
    ]);
  });
});
