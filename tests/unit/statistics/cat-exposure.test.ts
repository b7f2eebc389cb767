import { describe, expect, it } from 'vitest';
import { mulberry32, normal, simulateOne, type CatRules, type PoolItem } from '../../../src/common/statistics/index';

/**
 * Sympson–Hetter on a small pool (issue 43, found on the demo's nine questions by the simulator
 * screen): a question passed over is set aside for the rest of the student's test, so low
 * probabilities once emptied the pool and ended tests at one or two questions, under the minimum.
 */
const pool: PoolItem[] = Array.from({ length: 9 }, (_, i) => ({ id: i + 1, thresholds: [-2 + i / 2], content: [] }));
const rules = (rates: number): CatRules => ({
  minLength: 5,
  maxLength: 9,
  seTarget: 0.3,
  content: [],
  exposure: { method: 'sympson-hetter', rates: new Map(pool.map((item) => [item.id, rates])) },
});

describe('Sympson–Hetter on a small pool', () => {
  it('never ends a test short of its length when every question left was set aside', () => {
    const random = mulberry32(7);
    for (let student = 0; student < 200; student++) {
      const test = simulateOne(pool, rules(0.05), { mean: 0, sd: 1 }, normal(random), random);
      // SE 0.30 is out of reach of nine questions: every test runs to the maximum.
      expect(test.length).toBe(9);
    }
  });

  it('still gives the question drawn when its probability lets it', () => {
    const random = mulberry32(8);
    const test = simulateOne(pool, rules(1), { mean: 0, sd: 1 }, 0, random);
    expect(test.length).toBe(9);
    expect(test.passedOver).toEqual([]);
  });
});
