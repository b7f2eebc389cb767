import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addAnswer,
  eap,
  finalEstimate,
  nextQuestion,
  startPosterior,
  type CatRules,
  type PoolItem,
} from '../../../src/common/statistics/index';

/**
 * The adaptive engine against a published reference: catR 3.17 (Magis & Barrada, 2017, J. Stat.
 * Softw. 76(1); CRAN), whose figures `tests/fixtures/catr/catr-reference.R` printed into
 * `catr-reference.json` (R 4.2.2). Rasch and partial credit banks, EAP with a normal prior on the same
 * grid (−7..7, 141 points: catR integrates by trapezoids, the engine by the nodes, equal where the
 * posterior vanishes at the ends), its posterior SD, Warm's estimate and its SE, and the next item by
 * maximum Fisher information. Agreement to three decimals.
 */
interface Case {
  items: number[];
  x: number[];
  prior: [number, number];
  eap: number;
  eap_se: number;
  wl: number;
  wl_se: number;
  next: number;
}
const reference = JSON.parse(
  fs.readFileSync(new URL('../../fixtures/catr/catr-reference.json', import.meta.url), 'utf8'),
) as {
  rasch_difficulties: number[];
  rasch: Case[];
  pcm_steps: number[][];
  pcm: Case[];
  catR: string;
};

const RULES: CatRules = { minLength: 1, maxLength: 100, seTarget: 0, content: [], exposure: { method: 'none' } };

function check(pool: PoolItem[], cases: Case[]) {
  for (const c of cases) {
    // catR numbers items from 1.
    const given = c.items.map((n) => pool[n - 1]);
    const log = startPosterior({ mean: c.prior[0], sd: c.prior[1] });
    given.forEach((item, k) => addAnswer(log, item, c.x[k]));
    const during = eap(log);
    expect(during.ability).toBeCloseTo(c.eap, 3);
    expect(during.se).toBeCloseTo(c.eap_se, 3);
    const final = finalEstimate(given, c.x);
    expect(final.ability).toBeCloseTo(c.wl, 3);
    expect(final.se).toBeCloseTo(c.wl_se, 3);
    const next = nextQuestion(pool, RULES, { given, ability: c.eap, se: c.eap_se }, () => 0);
    expect(next?.id).toBe(c.next);
  }
}

describe(`the adaptive engine against catR ${reference.catR}`, () => {
  it('agrees on a Rasch bank: EAP and its SD, Warm and its SE, the most informative next item', () => {
    const pool = reference.rasch_difficulties.map((b, i) => ({ id: i + 1, thresholds: [b] }));
    check(pool, reference.rasch);
  });

  it('agrees on a partial credit bank of two and three steps', () => {
    const pool = reference.pcm_steps.map((steps, i) => ({ id: i + 1, thresholds: steps }));
    check(pool, reference.pcm);
  });
});
