/**
 * The adaptive test simulated (issue 43): simulated students of known ability answer by the model,
 * through the exam's rules, so an author sees before publishing what the exam will do per ability
 * band, and the Sympson–Hetter probabilities can be computed.
 */
import { mulberry32 } from '../seeded-random';
import { addAnswer, eap, finalEstimate, startPosterior, type Prior } from './estimate';
import { information, probabilities, type PoolItem } from './model';
import { finished, nextQuestion, type CatRules } from './select';

export interface SimulatedTest {
  ability: number;
  estimate: number;
  se: number;
  length: number;
  items: number[];
  /** Questions Sympson–Hetter chose but passed over for this student. */
  passedOver: number[];
  /** The test ended with the standard error at or below the target (not cut short by the maximum length or the pool). */
  reached: boolean;
}

/**
 * Where a test stands after an answer: the EAP estimate, and its standard error from the test
 * information there (what Warm's estimate will report at the end), not the posterior SD, which the
 * prior shrinks: a narrow prior would otherwise stop a test before it measured anything.
 */
export function measured(given: readonly PoolItem[], ability: number): { ability: number; se: number } {
  return { ability, se: 1 / Math.sqrt(Math.max(testInformation(given, ability), 1e-12)) };
}

/** A category drawn by the model at `theta`. */
function answer(item: PoolItem, theta: number, random: () => number, buffer: Float64Array): number {
  const p = probabilities(item, theta, buffer);
  let u = random();
  for (let k = 0; k < item.thresholds.length; k++) if ((u -= p[k]) < 0) return k;
  return item.thresholds.length;
}

/** One student of ability `theta` through the rules: questions, the final (Warm) estimate and its error. */
export function simulateOne(
  pool: readonly PoolItem[],
  rules: CatRules,
  prior: Prior,
  theta: number,
  random: () => number,
): SimulatedTest {
  const given: PoolItem[] = [];
  const categories: number[] = [];
  const setAside = new Set<number>();
  const log = startPosterior(prior);
  let current = { ability: prior.mean, se: prior.sd };
  const buffer = new Float64Array(16);
  while (!finished(rules, { given, ...current })) {
    const item = nextQuestion(pool, rules, { given, ...current, setAside }, random, setAside);
    if (!item) break;
    const category = answer(item, theta, random, buffer);
    given.push(item);
    categories.push(category);
    addAnswer(log, item, category);
    current = measured(given, eap(log).ability);
  }
  const final = given.length > 0 ? finalEstimate(given, categories) : { ability: prior.mean, se: prior.sd };
  return {
    ability: theta,
    estimate: final.ability,
    se: final.se,
    length: given.length,
    items: given.map((i) => i.id),
    passedOver: [...setAside],
    reached: given.length > 0 && current.se <= rules.seTarget,
  };
}

/** Every ability in `abilities` through the rules (seeded), and each question's exposure rate. */
export function simulateCat(
  pool: readonly PoolItem[],
  rules: CatRules,
  prior: Prior,
  abilities: readonly number[],
  seed = 1,
): { tests: SimulatedTest[]; exposure: Map<number, number> } {
  const random = mulberry32(seed);
  const tests = abilities.map((theta) => simulateOne(pool, rules, prior, theta, random));
  const used = new Map<number, number>();
  for (const test of tests) for (const id of test.items) used.set(id, (used.get(id) ?? 0) + 1);
  return { tests, exposure: new Map(pool.map((item) => [item.id, (used.get(item.id) ?? 0) / tests.length])) };
}

/**
 * Sympson–Hetter control probabilities for a maximum exposure rate `target` (Sympson & Hetter 1985):
 * the students are simulated `rounds` times, and after each round every question given to more than
 * `target` of them has its probability multiplied by target / its rate. Probabilities only ever fall
 * (the classic update, which sets them back to 1 below the target, oscillates on a pool this size).
 */
export function sympsonHetterRates(
  pool: readonly PoolItem[],
  rules: CatRules,
  prior: Prior,
  abilities: readonly number[],
  target: number,
  rounds = 12,
): Map<number, number> {
  const rates = new Map(pool.map((item) => [item.id, 1]));
  for (let round = 0; round < rounds; round++) {
    const controlled: CatRules = { ...rules, exposure: { method: 'sympson-hetter', rates } };
    const { exposure } = simulateCat(pool, controlled, prior, abilities, 1000 + round);
    let over = false;
    for (const [id, rate] of exposure)
      if (rate > target) {
        over = true;
        rates.set(id, rates.get(id)! * (target / rate));
      }
    if (!over) break;
  }
  return rates;
}

/** The fixed form's test information at `theta` (the sum of its questions'). */
export function testInformation(items: readonly PoolItem[], theta: number): number {
  const buffer = new Float64Array(16);
  return items.reduce((total, item) => total + information(item, theta, buffer), 0);
}
