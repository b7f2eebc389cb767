import { describe, expect, it } from 'vitest';
import {
  addAnswer,
  eap,
  finalEstimate,
  information,
  nextQuestion,
  simulateCat,
  simulationReport,
  startPosterior,
  sympsonHetterRates,
  testInformation,
  type CatRules,
  type PoolItem,
} from '../../../src/common/statistics';
import { mulberry32, normal } from '../../helpers/seeded-random';

/**
 * The adaptive engine (issue 43) on a simulated calibrated pool with known truth: 300 questions
 * (270 right-or-wrong, 30 partial credit with two steps 1.2 logits apart) spread evenly over
 * −2.2..2.2 logits (a grade's range), in three content areas.
 */
const POOL: PoolItem[] = Array.from({ length: 300 }, (_, i) => {
  const b = -2.2 + (4.4 * ((i * 7) % 300)) / 299;
  return {
    id: i + 1,
    thresholds: i % 10 === 9 ? [b - 0.6, b + 0.6] : [b],
    content: [['reading', 'vocabulary', 'grammar'][i % 3]],
  };
});
const PRIOR = { mean: 0, sd: 1 };
const meanOf = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('the model of a calibrated question', () => {
  it('gives a right-or-wrong question p(1 − p) and a partial credit one the slope of its expected score', () => {
    expect(information({ id: 1, thresholds: [0.4] }, 1)).toBeCloseTo(
      0.6 ** 0 * (1 / (1 + Math.exp(-0.6))) * (1 / (1 + Math.exp(0.6))),
      12,
    );
    const item = { id: 2, thresholds: [-0.5, 0.8] };
    const expected = (theta: number) => {
      const e1 = Math.exp(theta + 0.5);
      const e2 = Math.exp(2 * theta - 0.3);
      return (e1 + 2 * e2) / (1 + e1 + e2);
    };
    const h = 1e-5;
    expect(information(item, 0.3)).toBeCloseTo((expected(0.3 + h) - expected(0.3 - h)) / (2 * h), 6);
  });
});

describe('EAP during the test', () => {
  it('is the posterior mean and SD of a normal prior times the likelihood (an independent fine quadrature)', () => {
    const items = [POOL[10], POOL[55], POOL[9], POOL[120]];
    const categories = [1, 0, 2, 1];
    const log = startPosterior({ mean: 0.2, sd: 1.1 });
    items.forEach((item, k) => addAnswer(log, item, categories[k]));
    const got = eap(log);
    // 20,001 points over −10..10, the likelihood written out.
    let total = 0;
    let first = 0;
    let second = 0;
    for (let q = 0; q <= 20_000; q++) {
      const theta = -10 + q / 1000;
      let weight = Math.exp(-0.5 * ((theta - 0.2) / 1.1) ** 2);
      items.forEach((item, k) => {
        const terms = [0];
        let eta = 0;
        for (const step of item.thresholds) terms.push((eta += theta - step));
        const denominator = terms.reduce((sum, t) => sum + Math.exp(t), 0);
        weight *= Math.exp(terms[categories[k]]) / denominator;
      });
      total += weight;
      first += weight * theta;
      second += weight * theta * theta;
    }
    const mean = first / total;
    expect(got.ability).toBeCloseTo(mean, 3);
    expect(got.se).toBeCloseTo(Math.sqrt(second / total - mean * mean), 3);
  });

  it('is defined from the first answer, right or wrong', () => {
    for (const category of [0, 1]) {
      const log = startPosterior(PRIOR);
      addAnswer(log, POOL[0], category);
      const { ability, se } = eap(log);
      expect(Number.isFinite(ability) && se > 0 && se < 1).toBe(true);
      expect(Math.sign(ability)).toBe(category === 1 ? 1 : -1);
    }
  });
});

describe('selection', () => {
  const rules: CatRules = {
    minLength: 5,
    maxLength: 40,
    seTarget: 0.3,
    content: [],
    exposure: { method: 'none' },
  };
  it('takes the most informative question at the current ability', () => {
    const next = nextQuestion(POOL, rules, { given: [], ability: 1.2, se: 1 }, () => 0)!;
    const best = Math.max(...POOL.map((item) => information(item, 1.2)));
    expect(information(next, 1.2)).toBe(best);
  });

  it('never takes a question of an area at its maximum, and keeps room for the minimums still owed', () => {
    const content = [
      { key: 'reading', max: 2 },
      { key: 'grammar', min: 3 },
    ];
    const reading = POOL.filter((item) => item.content![0] === 'reading');
    const full = nextQuestion(POOL, { ...rules, content }, { given: reading.slice(0, 2), ability: 0, se: 1 }, () => 0)!;
    expect(full.content).not.toContain('reading');
    // Three questions left before the maximum, three grammar owed: grammar only.
    const given = POOL.filter((item) => item.content![0] === 'vocabulary').slice(0, 37);
    const owed = nextQuestion(POOL, { ...rules, content }, { given, ability: 0, se: 0.2 }, () => 0)!;
    expect(owed.content).toContain('grammar');
  });
});

describe('adaptive tests simulated (5,000 students from N(0, 1), seeded)', () => {
  const random = mulberry32(43);
  const abilities = Array.from({ length: 5000 }, () => normal(random));
  const content = [
    { key: 'reading', min: 12 },
    { key: 'vocabulary', min: 10 },
    { key: 'grammar', max: 20 },
  ];
  /** Every content rule met, and no question twice, in every test. */
  const expectContent = (tests: { items: number[] }[]) => {
    for (const test of tests) {
      const areas = test.items.map((id) => POOL[id - 1].content![0]);
      expect(areas.filter((area) => area === 'reading').length).toBeGreaterThanOrEqual(12);
      expect(areas.filter((area) => area === 'vocabulary').length).toBeGreaterThanOrEqual(10);
      expect(areas.filter((area) => area === 'grammar').length).toBeLessThanOrEqual(20);
      expect(new Set(test.items).size).toBe(test.items.length);
    }
  };
  const rules: CatRules = {
    minLength: 10,
    maxLength: 80,
    seTarget: 0.3,
    content,
    exposure: { method: 'none' },
  };

  /**
   * The fixed form to beat: from the same pool, the shortest form whose standard error is at most
   * 0.30 over the middle 90% of the students (−1.645..1.645), its questions chosen greedily for the
   * worst ability of that range.
   */
  function fixedFormLength(): number {
    const grid = Array.from({ length: 33 }, (_, k) => -1.645 + (3.29 * k) / 32);
    const table = POOL.map((item) => grid.map((theta) => information(item, theta)));
    const current = grid.map(() => 0);
    const used = new Set<number>();
    while (Math.min(...current) < 1 / 0.3 ** 2) {
      let pick = -1;
      let value = -Infinity;
      table.forEach((row, k) => {
        if (used.has(k)) return;
        const worst = Math.min(...row.map((info, g) => current[g] + info));
        if (worst > value) [pick, value] = [k, worst];
      });
      used.add(pick);
      table[pick].forEach((info, g) => (current[g] += info));
    }
    // The same form's information, summed the product's way, reaches the target over the range.
    const form = [...used].map((k) => POOL[k]);
    expect(Math.min(...grid.map((theta) => testInformation(form, theta)))).toBeGreaterThanOrEqual(1 / 0.3 ** 2);
    return form.length;
  }

  /** The proof: the length, bias and precision of every test, and its content. */
  it('reaches SE 0.30 in at most 60% of the fixed form’s length, unbiased, within its precision, every constraint met', () => {
    const { tests } = simulateCat(POOL, rules, PRIOR, abilities, 7);
    const meanLength = meanOf(tests.map((t) => t.length));
    expect(meanLength).toBeLessThanOrEqual(0.6 * fixedFormLength());
    const errors = tests.map((t) => t.estimate - t.ability);
    expect(Math.abs(meanOf(errors))).toBeLessThan(0.05);
    expect(Math.sqrt(meanOf(errors.map((e) => e * e)))).toBeLessThan(0.3 * 1.1);
    // Stopped by precision, not by length, for the middle 90%.
    const middle = tests.filter((t) => Math.abs(t.ability) < 1.645);
    expect(middle.filter((t) => t.length < rules.maxLength).length / middle.length).toBeGreaterThan(0.99);
    expectContent(tests);
  }, 60_000);

  /**
   * With Sympson–Hetter exposure control (probabilities for a 0.18 ceiling from 500 other simulated
   * students, 12 rounds): no question given to more than 25% of 1,500 students, still unbiased and precise.
   */
  it('gives no question to more than 25% of the students under Sympson–Hetter control', () => {
    const draw = mulberry32(99);
    const rates = sympsonHetterRates(
      POOL,
      rules,
      PRIOR,
      Array.from({ length: 500 }, () => normal(draw)),
      0.18,
      12,
    );
    const controlled: CatRules = { ...rules, exposure: { method: 'sympson-hetter', rates } };
    const { tests, exposure } = simulateCat(POOL, controlled, PRIOR, abilities.slice(0, 1500), 9);
    expect(Math.max(...exposure.values())).toBeLessThanOrEqual(0.25);
    const errors = tests.map((t) => t.estimate - t.ability);
    expect(Math.abs(meanOf(errors))).toBeLessThan(0.05);
    expect(Math.sqrt(meanOf(errors.map((e) => e * e)))).toBeLessThan(0.3 * 1.1);
    expectContent(tests);
  }, 60_000);

  it('spreads the first questions with randomesque selection among the five most informative', () => {
    const { tests } = simulateCat(
      POOL,
      { ...rules, exposure: { method: 'randomesque', among: 5 } },
      PRIOR,
      abilities.slice(0, 400),
      11,
    );
    const firsts = new Map<number, number>();
    for (const test of tests) firsts.set(test.items[0], (firsts.get(test.items[0]) ?? 0) + 1);
    expect(firsts.size).toBe(5);
    expect(Math.max(...firsts.values()) / tests.length).toBeLessThan(0.3);
  });

  it('scores the end with Warm’s estimate, finite for all right and all wrong', () => {
    const items = POOL.slice(0, 5);
    expect(Number.isFinite(finalEstimate(items, [0, 0, 0, 0, 0]).ability)).toBe(true);
    expect(Number.isFinite(finalEstimate(items, [1, 1, 1, 1, 1]).ability)).toBe(true);
  });
});

describe('the simulator’s report', () => {
  it('sums the simulated tests per ability band and says whether the middle 90% reach the precision', () => {
    const rules: CatRules = {
      minLength: 5,
      maxLength: 60,
      seTarget: 0.4,
      content: [{ key: 'reading', min: 8 }],
      exposure: { method: 'randomesque', among: 3 },
    };
    const report = simulationReport(POOL, rules, PRIOR, 600);
    expect(report.students).toBe(600);
    expect(report.bands.reduce((sum, band) => sum + band.students, 0)).toBe(600);
    expect(report.bands[0].from).toBeNull();
    expect(report.bands.at(-1)!.to).toBeNull();
    expect(report.content_met).toBe(1);
    expect(report.middle_reached).toBe(1);
    expect(Math.abs(report.bias)).toBeLessThan(0.1);
    expect(report.pool_used).toBeGreaterThan(100);
    // Ten questions at most cannot reach 0.2 logits: nobody in the middle does.
    expect(
      simulationReport(POOL, { ...rules, maxLength: 10, seTarget: 0.2, content: [] }, PRIOR, 200).middle_reached,
    ).toBe(0);
  });
});
