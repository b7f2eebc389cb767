import { describe, expect, it } from 'vitest';
import { mulberry32, nextQuestion, type CatRules } from '../../../src/common/statistics/index';
import { setAsideBefore } from '../../../src/server/delivery/adaptive-set-aside';
import type { AdaptiveExam, AdaptiveItem } from '../../../src/server/scales';

/**
 * Sympson–Hetter in delivery (issue 43): a question held back for a student is not offered to them
 * again. Delivery keeps no list of them; it makes the attempt's earlier choices again from its steps
 * with the same draws. Here a test is chosen step by step while collecting what is held back, and
 * the replay from its steps alone must find the same questions.
 */
const pool = Array.from({ length: 60 }, (_, i) => ({ id: 100 + i, thresholds: [-3 + (6 * i) / 59], content: [] }));
const drawAt = (seed: number) => (position: number) => mulberry32(seed * 1000 + position);

function exam(rules: CatRules): AdaptiveExam {
  const items = pool as unknown as AdaptiveItem[];
  return { pool: items, rules, byId: new Map(items.map((item) => [item.id, item])) } as AdaptiveExam;
}

/** A test of `length` chosen as delivery chooses it, the ability drifting up; its steps and what was held back. */
function sit(e: AdaptiveExam, seed: number, length: number) {
  const held = new Set<number>();
  const given: AdaptiveItem[] = [];
  const steps = [];
  for (let position = 0; position < length; position++) {
    const ability = -0.5 + position * 0.1;
    const progress = { given, ability, se: 1 / Math.sqrt(position + 1), setAside: held };
    const item = nextQuestion(e.pool, e.rules, progress, drawAt(seed)(position), held) as AdaptiveItem;
    steps.push({ position, exam_question_id: item.id, ability, se: progress.se });
    given.push(item);
  }
  return { steps, held };
}

describe('the questions Sympson–Hetter held back for a student', () => {
  const rules: CatRules = {
    minLength: 5,
    maxLength: 20,
    seTarget: 0.3,
    content: [],
    exposure: { method: 'sympson-hetter', rates: new Map(pool.map((item) => [item.id, 0.4])) },
  };

  it('are found again from the steps alone, at every step of many tests', () => {
    const e = exam(rules);
    let heldAtAll = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { steps, held } = sit(e, seed, 15);
      heldAtAll += held.size;
      expect(setAsideBefore(e, steps, drawAt(seed))).toEqual(held);
      // And part way: what was held back before the 8th question.
      expect(setAsideBefore(e, steps.slice(0, 7), drawAt(seed))).toEqual(sit(e, seed, 7).held);
      // Never given after being held back.
      const given = steps.map((s) => s.exam_question_id);
      for (const id of held) expect(given).not.toContain(id);
    }
    expect(heldAtAll).toBeGreaterThan(100);
  });

  it('are none under other exposure control', () => {
    const e = exam({ ...rules, exposure: { method: 'randomesque', among: 5 } });
    const { steps } = sit(e, 3, 10);
    expect(setAsideBefore(e, steps, drawAt(3)).size).toBe(0);
  });
});
