/**
 * Scores on a reporting scale (issue 42): a scale reports an ability θ (logits) as
 * origin + unit × θ, rounded to whole points, and its standard error as unit × SE. Growth between
 * two sittings on one scale is the difference of the two abilities, with the standard error of the
 * difference (√(SE₁² + SE₂²)); a change smaller than 1.96 × SE is "no measurable change", never a
 * rise or a fall.
 */

export interface ReportingScale {
  score_origin: number;
  score_unit: number;
}

export interface ScaledScore {
  score: number;
  se: number;
}

/** θ and its SE on the scale, rounded to whole points (the SE to a tenth). */
export function scaledScore(ability: number, se: number, scale: ReportingScale): ScaledScore {
  return {
    score: Math.round(scale.score_origin + scale.score_unit * ability),
    se: Math.round(scale.score_unit * se * 10) / 10,
  };
}

export type GrowthReading = 'rise' | 'fall' | 'no_measurable_change';

export interface Growth {
  /** Logits. */
  change: number;
  se: number;
  reading: GrowthReading;
}

/** The critical value of a two-sided 95% interval: a change must exceed it in SEs to be read. */
export const MEASURABLE_Z = 1.96;

/** Growth from one ability (with its SE) to another on the same scale. */
export function growthBetween(before: { ability: number; se: number }, after: { ability: number; se: number }): Growth {
  const change = after.ability - before.ability;
  const se = Math.hypot(before.se, after.se);
  const reading: GrowthReading =
    Math.abs(change) < MEASURABLE_Z * se ? 'no_measurable_change' : change > 0 ? 'rise' : 'fall';
  return { change, se, reading };
}

/**
 * A group's growth (a class, a school): the mean of its students' changes with the 95% interval
 * of that mean (from the changes' spread), and the share of students whose own growth is measurable.
 */
export function groupGrowth(growths: readonly Growth[]): {
  mean: number;
  interval: [number, number];
  measurable_share: number;
  students: number;
} | null {
  const n = growths.length;
  if (n === 0) return null;
  const mean = growths.reduce((sum, g) => sum + g.change, 0) / n;
  const variance = n > 1 ? growths.reduce((sum, g) => sum + (g.change - mean) ** 2, 0) / (n - 1) : 0;
  const half = MEASURABLE_Z * Math.sqrt(variance / n);
  const measurable = growths.filter((g) => g.reading !== 'no_measurable_change').length;
  return { mean, interval: [mean - half, mean + half], measurable_share: measurable / n, students: n };
}
