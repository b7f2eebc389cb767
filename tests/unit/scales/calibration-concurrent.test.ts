import { describe, expect, it } from 'vitest';
import type { BankParameter } from '../../../src/server/scales/bank-parameters';
import { placeConcurrently } from '../../../src/server/scales/calibration-concurrent';
import type { ScaleForm } from '../../../src/server/scales/calibration-forms';
import { mulberry32, normal } from '../../helpers/seeded-random';

/**
 * Placing exams on a scale together (issue 43's review of issue 42): what joins an exam to the
 * others, and what refuses the calibration, on forms built in memory.
 */
let nextId = 1;
type Question = ScaleForm['questions'][number];

/** A form: its questions' bank ids (null: its own), sat by `persons` around `mean`; `flat` answered right by all. */
function form(
  examId: number,
  sources: (number | null)[],
  difficulty: (k: number) => number,
  mean: number,
  seed: number,
  flat = new Set<number>(),
  persons = 400,
): ScaleForm {
  const random = mulberry32(seed);
  const questions = sources.map(
    (source, position) => ({ id: nextId++, source_question_id: source, position }) as unknown as Question,
  );
  const scores = Array.from({ length: persons }, () => {
    const theta = mean + normal(random);
    return sources.map((_, k) => (flat.has(k) || random() < 1 / (1 + Math.exp(difficulty(k) - theta)) ? 1 : 0));
  });
  return {
    examId,
    questions,
    items: questions.map((q) => ({ id: q.id, max: 1 })),
    scores,
    attemptIds: scores.map((_, n) => n + 1),
  };
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const spread = (k: number) => -1.5 + (3 * (k % 20)) / 19;
const noBank = new Map<number, BankParameter>();

describe('placing exams on a scale together', () => {
  it('refuses an exam that shares fewer than 5 calibrated questions with the others', () => {
    const one = form(1, range(100, 20), spread, 0, 1);
    const two = form(2, [100, ...range(200, 19)], spread, 0.3, 2);
    const placed = placeConcurrently([one, two], true, noBank);
    expect(placed.refused).toBe(true);
    expect(placed.outcomes.map((o) => [o.exam_id, o.refused])).toEqual([[2, 'not_connected']]);
    expect(placed.rows).toEqual([]);
  });

  it('does not count shared questions that everybody answered alike', () => {
    // Six shared, five of them right for everybody in both exams: one calibrated question joins them.
    const flat = new Set([0, 1, 2, 3, 4]);
    const one = form(1, range(100, 20), spread, 0, 3, flat);
    const two = form(2, [...range(100, 6), ...range(300, 14)], spread, 0.3, 4, flat);
    const placed = placeConcurrently([one, two], true, noBank);
    expect(placed.outcomes.map((o) => o.refused)).toEqual(['not_connected']);
    // Five calibrated in common join them.
    const three = form(3, [...range(100, 10), ...range(400, 10)], spread, 0.3, 5, flat);
    expect(placeConcurrently([one, three], true, noBank).refused).toBe(false);
  });

  it('refuses an exam none of whose questions varies, as the separate design does', () => {
    const one = form(1, range(100, 20), spread, 0, 6);
    const dull = form(2, range(100, 20), spread, 0, 7, new Set(range(0, 20)));
    const placed = placeConcurrently([one, dull], true, noBank);
    expect(placed.outcomes.map((o) => [o.exam_id, o.refused])).toEqual([[2, 'too_few_attempts']]);
  });

  it('calibrates a bank question set twice in one exam as two questions, and writes a row for each', () => {
    const one = form(1, [...range(100, 19), 100], spread, 0, 8);
    const two = form(2, [...range(100, 8), ...range(500, 12)], spread, 0.4, 9);
    const placed = placeConcurrently([one, two], true, noBank);
    expect(placed.refused).toBe(false);
    expect(placed.rows).toHaveLength(40);
    expect(placed.outcomes.map((o) => o.refused)).toEqual([null, null]);
    expect(placed.outcomes[1].mean!).toBeGreaterThan(0.15);
    expect(placed.outcomes[1].mean!).toBeLessThan(0.65);
  });

  it('refuses a link to the bank on fewer than 5 stable anchors, and writes nothing', () => {
    const bank = new Map<number, BankParameter>(
      [100, 101, 102].map((id, k) => [
        id,
        { difficulty: spread(k), se: 0.05, calibration_id: 1, categories: [0, 1], thresholds: [spread(k)] },
      ]),
    );
    const one = form(1, range(100, 20), spread, 0, 10);
    const two = form(2, [...range(110, 8), ...range(600, 12)], spread, 0.2, 11);
    const placed = placeConcurrently([one, two], false, bank);
    expect(placed.refused).toBe(true);
    expect(placed.rows).toEqual([]);
    expect(placed.outcomes.every((o) => o.refused === 'too_few_anchors')).toBe(true);
  });
});
