import { describe, expect, it } from 'vitest';
import { mulberry32, normal, simulateOne, type CatRules, type PoolItem } from '../../../src/common/statistics/index';

/**
 * Kingsbury–Zara content balancing (issue 43): each test's share of each content area follows its
 * target, whatever the student's ability, even where an area's questions sit at one end of the scale.
 */
const random = mulberry32(2024);
// 240 questions: reading spread over the scale, vocabulary mostly easy, grammar mostly hard.
const pool: PoolItem[] = Array.from({ length: 240 }, (_, i) => {
  const area = i % 3 === 0 ? 'reading' : i % 3 === 1 ? 'vocabulary' : 'grammar';
  const centre = area === 'reading' ? 0 : area === 'vocabulary' ? -1.5 : 1.5;
  return { id: i + 1, thresholds: [centre + normal(random) * 0.8], content: [area] };
});
const TARGETS = new Map([
  ['reading', 0.5],
  ['vocabulary', 0.3],
  ['grammar', 0.2],
]);
const rules = (balance?: Map<string, number>): CatRules => ({
  minLength: 20,
  maxLength: 20,
  seTarget: 0,
  content: [],
  exposure: { method: 'none' },
  balance,
});
const areaOf = new Map(pool.map((item) => [item.id, item.content![0]]));
const counts = (ids: readonly number[]) => {
  const by = new Map<string, number>();
  for (const id of ids) by.set(areaOf.get(id)!, (by.get(areaOf.get(id)!) ?? 0) + 1);
  return by;
};

describe('Kingsbury–Zara content balancing', () => {
  it("holds every test's areas within one question of their targets, for weak and strong students alike", () => {
    const draw = mulberry32(5);
    for (const theta of [-2.5, -1, 0, 1, 2.5]) {
      for (let student = 0; student < 20; student++) {
        const test = simulateOne(pool, rules(TARGETS), { mean: 0, sd: 1 }, theta + normal(draw) * 0.2, draw);
        const by = counts(test.items);
        expect(test.length).toBe(20);
        for (const [area, share] of TARGETS) expect(Math.abs((by.get(area) ?? 0) - share * 20)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('without it, a strong student gets mostly the hard area: what balancing corrects', () => {
    const draw = mulberry32(6);
    const test = simulateOne(pool, rules(), { mean: 0, sd: 1 }, 2.5, draw);
    expect(counts(test.items).get('vocabulary') ?? 0).toBeLessThan(3);
  });

  it('gives way to the next area when the one most behind has no question left', () => {
    const small = pool.filter((item) => item.content![0] !== 'grammar' || item.id < 10);
    const draw = mulberry32(7);
    const test = simulateOne(small, rules(TARGETS), { mean: 0, sd: 1 }, 0, draw);
    expect(test.length).toBe(20);
    expect(counts(test.items).get('grammar')).toBe(small.filter((item) => item.content![0] === 'grammar').length);
  });
});
