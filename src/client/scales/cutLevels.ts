import { performanceLevel, type PerformanceLevel } from '../../common/reports/index';

/** Cuts being placed: each null until the panel places it. */
export type DraftCuts = { approaching_from: number | null; meeting_from: number | null; exceeding_from: number | null };

export const CUT_KEYS = ['approaching_from', 'meeting_from', 'exceeding_from'] as const;

/** The level a scaled score falls in under the cuts placed so far (none placed: null). */
export function levelUnder(cuts: DraftCuts, score: number): PerformanceLevel | null {
  if (CUT_KEYS.some((key) => cuts[key] === null)) return null;
  return performanceLevel(score, cuts as { approaching_from: number; meeting_from: number; exceeding_from: number });
}

export const LEVEL_COLOURS: Record<PerformanceLevel, string> = {
  below: '#c62828',
  approaching: '#ef6c00',
  meeting: '#2e7d32',
  exceeding: '#1565c0',
};
