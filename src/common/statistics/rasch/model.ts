/**
 * Rasch measurement of one exam: the dichotomous Rasch model and Masters' (1982) partial credit model,
 * calibrated by marginal maximum likelihood with the Bock & Aitkin (1981) EM algorithm on a fixed
 * rectangular quadrature of the ability distribution N(0, sd²). Because the raw score is sufficient for
 * ability in these models, the E-step works on score groups rather than on persons, so a calibration
 * costs one pass over the scores plus work that grows with items × quadrature points × score range only.
 *
 * Scoring: an item marked out of 1 (or less) is dichotomous, a mark of at least half the maximum counting
 * as 1. An item marked out of more is a partial credit item on whole categories 0..K with
 * K = min(round(max), 10): each mark is mapped to round(mark × K / max), which for whole maxima up to 10
 * is the mark rounded to the nearest whole number (halves up); larger maxima are rescaled to 0..10.
 * Categories nobody used are dropped (Winsteps' STKEEP=NO), and an item on which everybody has the same
 * category cannot be calibrated: it is reported `extreme` with null estimates and left out of the raw
 * scores. Marks that are not finite numbers count as 0.
 */

/** Defaults: 49 points from -6 to 6 (as irtQ's est_irt), at most 1,000 EM cycles, parameter change below 1e-6. */
export const RASCH_DEFAULTS = { quadraturePoints: 49, quadratureRange: 6, maxIterations: 1000, tolerance: 1e-6 };
/** The most score categories an item keeps above 0: an item marked out of more is rescaled to 0..10. */
export const RASCH_MAX_CATEGORIES = 10;

export interface RaschInput {
  items: readonly { max: number }[];
  /** One row per person: the mark of each item, in the order of `items`. */
  scores: readonly (readonly number[])[];
}

export interface RaschOptions {
  /** Fix the SD of the ability distribution (1 reproduces ltm's `constraint = cbind(p + 1, 1)`); estimated when absent. */
  fixedSd?: number;
  maxIterations?: number;
  tolerance?: number;
  quadraturePoints?: number;
  /**
   * Fixed-parameter (anchored) calibration: per item (in the order of `items`), the parameters it
   * keeps (its kept categories and step difficulties on the scale), or null to estimate it. The
   * anchored items fix the scale; the ability distribution's mean is estimated instead of being 0.
   * An anchor whose kept categories in these data differ from its own is estimated freely.
   */
  anchors?: readonly (AnchoredItem | null)[];
}

export interface AnchoredItem {
  categories: readonly number[];
  thresholds: readonly number[];
}

export interface RaschItem {
  index: number;
  max: number;
  /** The score categories kept, on the 0..K scale described above (e.g. [0, 1] for a dichotomous item). */
  categories: number[];
  /** Everybody had the same category: not calibrated, every estimate null. */
  extreme: boolean;
  /** Logits; for a partial credit item the mean of its thresholds. */
  difficulty: number | null;
  /** Its parameters were fixed (an anchor of a fixed-parameter calibration): its SE is null. */
  anchored?: boolean;
  se: number | null;
  /** Masters' step difficulties between successive kept categories (one for a dichotomous item). */
  thresholds: number[];
  /** Information-weighted (infit) and unweighted (outfit) mean squares, Wright & Masters (1982). */
  infit: number | null;
  outfit: number | null;
}

export interface RaschPerson {
  /** Sum of the kept categories over the calibrated items. */
  raw_score: number;
  /** Warm's (1989) weighted likelihood estimate in logits, finite for zero and full scores; null without calibrated items. */
  ability: number | null;
  /** 1 / √(test information at the estimate). */
  se: number | null;
}

export interface RaschScore {
  raw_score: number;
  ability: number;
  se: number;
  persons: number;
}

export interface RaschResult {
  model: 'rasch' | 'partial_credit';
  items: RaschItem[];
  persons: RaschPerson[];
  /** Ability and standard error for every raw score from 0 to the maximum, with how many persons had it. */
  score_table: RaschScore[];
  /** SD of the ability distribution. */
  sd: number;
  /** Its mean: 0 by definition of a free calibration's scale; estimated when anchors fix the scale. */
  mean: number;
  sd_fixed: boolean;
  sd_se: number | null;
  log_likelihood: number;
  /** Person separation reliability from the WLEs of persons with neither zero nor full score (Wright & Masters 1982). */
  reliability: number | null;
  iterations: number;
  converged: boolean;
}

export interface ItemModel {
  index: number;
  max: number;
  categories: number[];
  /** Kept category (0..m) of each category on the 0..K scale. */
  rankOf: Int16Array;
  m: number;
  steps: Float64Array;
  /** Persons at or above each step: observed[j - 1] counts category >= j. */
  observed: Float64Array;
  /** Category probabilities at each quadrature node, node-major. */
  probs: Float64Array;
}

/** The top category of an item marked out of `max`. */
export function raschTopCategory(max: number): number {
  if (!(max > 1)) return 1;
  return Math.min(Math.round(max), RASCH_MAX_CATEGORIES);
}

/** The category (0..top) of a mark on an item marked out of `max`. */
export function raschCategory(mark: number, max: number, top: number): number {
  if (!Number.isFinite(mark) || !(max > 0)) return 0;
  if (top === 1) return mark >= max / 2 ? 1 : 0;
  return Math.min(top, Math.max(0, Math.round((mark * top) / max)));
}

/** Category probabilities of an item at ability θ into `out` (offset), returning log γ (the normaliser). */
export function categoryProbabilities(
  steps: ArrayLike<number>,
  theta: number,
  out: Float64Array,
  offset: number,
): number {
  const m = steps.length;
  let eta = 0;
  let top = 0;
  out[offset] = 0;
  for (let k = 1; k <= m; k++) {
    eta += theta - steps[k - 1];
    out[offset + k] = eta;
    if (eta > top) top = eta;
  }
  let total = 0;
  for (let k = 0; k <= m; k++) total += out[offset + k] = Math.exp(out[offset + k] - top);
  for (let k = 0; k <= m; k++) out[offset + k] /= total;
  return top + Math.log(total);
}

/** P(X >= j) for j = 1..m at node q. */
export function tails(item: ItemModel, q: number, out: Float64Array) {
  const width = item.m + 1;
  let tail = 0;
  for (let k = item.m; k >= 1; k--) out[k - 1] = tail += item.probs[q * width + k];
}
