/**
 * Performance levels on a reporting scale (issue 42): a module of its own, with no messages, so the
 * student's bundle can name the levels (an adaptive exam's result) without the staff catalog's keys.
 */

/** The four performance levels, lowest first. */
export const PERFORMANCE_LEVELS = ['below', 'approaching', 'meeting', 'exceeding'] as const;
export type PerformanceLevel = (typeof PERFORMANCE_LEVELS)[number];

/** The performance level of a scaled score under a set of cuts. */
export function performanceLevel(
  score: number,
  cuts: { approaching_from: number; meeting_from: number; exceeding_from: number },
): PerformanceLevel {
  if (score >= cuts.exceeding_from) return 'exceeding';
  if (score >= cuts.meeting_from) return 'meeting';
  if (score >= cuts.approaching_from) return 'approaching';
  return 'below';
}
