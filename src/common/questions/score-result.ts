import type { MarkOption } from '../../../schemas/parts/question-kinds';
import type { ScoreReason, ScoreResult } from './answer-type';

/** Rounds to 2 decimals, the precision of marks. */
export const round2 = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;

/** A zero score that says why. */
export const zero = (max: number, reason: ScoreReason): ScoreResult => ({
  score: 0,
  max: round2(max),
  needs_manual: false,
  reason,
});

/** The result of an automatically marked answer that earned `fraction` (0..1) of the mark. */
export const earned = (mark: number, fraction: number): ScoreResult => ({
  score: round2(mark * Math.min(1, Math.max(0, fraction))),
  max: round2(mark),
  needs_manual: false,
});

/** An answered question that waits for a human. */
export const awaitingCorrection = (mark: number): ScoreResult => ({ score: 0, max: round2(mark), needs_manual: true });

/**
 * The fraction earned for `right` correct parts out of `total`: all or nothing, or proportional
 * under partial credit.
 */
export const partsFraction = (right: number, total: number, markOption: MarkOption): number =>
  total <= 0 ? 0 : markOption === 'partial' ? right / total : right === total ? 1 : 0;

/** Whether a mark can be scored against: a finite number from 0 up. */
export const isValidMark = (mark: unknown): mark is number =>
  typeof mark === 'number' && Number.isFinite(mark) && mark >= 0;
