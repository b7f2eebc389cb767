/**
 * Attainment tiers (SPEC section 9): Below Average, Within Average, Above Average, decided by the
 * percentage of the maximum a student scored. The thresholds belong to each platform
 * (`tier_within_from`, `tier_above_from`); these are the defaults documented in the README.
 */
export const TIER_KEYS = ['below', 'within', 'above'] as const;
export type TierKey = (typeof TIER_KEYS)[number];

export interface TierThresholds {
  /** The lowest percentage that is Within Average (below it: Below Average). */
  within_from: number;
  /** The lowest percentage that is Above Average. */
  above_from: number;
}

export const DEFAULT_TIER_THRESHOLDS: TierThresholds = { within_from: 50, above_from: 80 };

/** The tier of a percentage (0 to 100). */
export function tierOf(percent: number, thresholds: TierThresholds = DEFAULT_TIER_THRESHOLDS): TierKey {
  if (percent >= thresholds.above_from) return 'above';
  if (percent >= thresholds.within_from) return 'within';
  return 'below';
}

/** A percentage of `max` rounded to two decimals; 0 when there is nothing to score. */
export function percentOf(score: number, max: number): number {
  return max > 0 ? Math.round((score / max) * 10000) / 100 : 0;
}
