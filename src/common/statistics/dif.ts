/**
 * Differential item functioning (DIF) between a reference and a focal group of students matched on their
 * total score (ETS practice: the total includes the studied item, rounded to a whole mark; strata without
 * members of both groups are dropped). Dichotomous items: Mantel–Haenszel (Holland & Thayer 1988) with
 * the ETS A/B/C categories (Zieky 1993). Polytomous items: Dorans & Schmitt's standardized mean difference
 * with Mantel's (1963) chi-square for ordered responses and the ETS AA/BB/CC categories (Zwick, Thayer &
 * Mazzeo 1997). Sign convention throughout: negative values disadvantage the focal group.
 */

import { DIF_MIN_GROUP_SIZE, ETS_DIF_LIMITS } from './review-limits';

export { DIF_MIN_GROUP_SIZE, ETS_DIF_LIMITS };

/** One group's item scores within a stratum: how many students, the sum and the sum of squares of their scores. */
export interface DifGroupScores {
  n: number;
  sum: number;
  squares: number;
}
export interface DifStratum {
  reference: DifGroupScores;
  focal: DifGroupScores;
}

export type DifFavours = 'reference' | 'focal' | null;

export interface MantelHaenszelDif {
  kind: 'dichotomous';
  strata: number;
  reference_n: number;
  focal_n: number;
  /** Common odds ratio, reference over focal; null when a margin has no discordant cells. */
  alpha: number | null;
  /** MH D-DIF = −2.35 ln(alpha): negative disadvantages the focal group. */
  d_dif: number | null;
  /** Its standard error, 2.35 × SE(ln alpha) by Robins, Breslow & Greenland (1986). */
  se: number | null;
  /** MH chi-square with continuity correction (1 df), and its p-value. */
  chi_square: number | null;
  p_value: number | null;
  category: 'A' | 'B' | 'C' | null;
  favours: DifFavours;
}

export interface PolytomousDif {
  kind: 'polytomous';
  strata: number;
  reference_n: number;
  focal_n: number;
  /** Focal-weighted mean of (focal − reference) item means within strata, in marks: negative disadvantages the focal group. */
  smd: number | null;
  /** SMD over the item's SD in both groups together. */
  effect_size: number | null;
  /** Mantel's (1963) chi-square for ordered responses (1 df), and its p-value. */
  chi_square: number | null;
  p_value: number | null;
  category: 'AA' | 'BB' | 'CC' | null;
  favours: DifFavours;
}

const favours = (value: number | null): DifFavours =>
  value === null || value === 0 ? null : value < 0 ? 'reference' : 'focal';
const both = (stratum: DifStratum) => stratum.reference.n > 0 && stratum.focal.n > 0;

/** Mantel–Haenszel DIF of a dichotomous item (scores 0 or 1) from its score sums per stratum. */
export function mantelHaenszel(strata: readonly DifStratum[]): MantelHaenszelDif {
  let R = 0;
  let S = 0;
  let PR = 0;
  let PSQR = 0;
  let QS = 0;
  let observed = 0;
  let expected = 0;
  let variance = 0;
  let used = 0;
  let referenceN = 0;
  let focalN = 0;
  for (const stratum of strata) {
    if (!both(stratum)) continue;
    const { n: nR, sum: a } = stratum.reference;
    const { n: nF, sum: c } = stratum.focal;
    const b = nR - a;
    const d = nF - c;
    const t = nR + nF;
    const r = (a * d) / t;
    const s = (b * c) / t;
    const p = (a + d) / t;
    const q = (b + c) / t;
    R += r;
    S += s;
    PR += p * r;
    PSQR += p * s + q * r;
    QS += q * s;
    observed += a;
    expected += (nR * (a + c)) / t;
    variance += (nR * nF * (a + c) * (b + d)) / (t * t * (t - 1));
    used++;
    referenceN += nR;
    focalN += nF;
  }
  const alpha = R > 0 && S > 0 ? R / S : null;
  const dDif = alpha === null ? null : -2.35 * Math.log(alpha);
  const se = alpha === null ? null : 2.35 * Math.sqrt(PR / (2 * R * R) + PSQR / (2 * R * S) + QS / (2 * S * S));
  const chiSquare = variance > 0 ? Math.max(0, Math.abs(observed - expected) - 0.5) ** 2 / variance : null;
  const pValue = chiSquare === null ? null : chiSquarePValue(chiSquare);
  return {
    kind: 'dichotomous',
    strata: used,
    reference_n: referenceN,
    focal_n: focalN,
    alpha,
    d_dif: dDif,
    se,
    chi_square: chiSquare,
    p_value: pValue,
    category: etsCategory(dDif, se, pValue),
    favours: favours(dDif),
  };
}

/**
 * ETS categories: A when |D| < 1 or the MH chi-square is not significant at .05; C when |D| >= 1.5 and |D|
 * exceeds 1 significantly (|D| − 1 > 1.645 SE); B otherwise.
 */
export function etsCategory(dDif: number | null, se: number | null, pValue: number | null): 'A' | 'B' | 'C' | null {
  if (dDif === null || se === null || pValue === null) return null;
  const size = Math.abs(dDif);
  if (size < ETS_DIF_LIMITS.negligibleD || pValue >= ETS_DIF_LIMITS.alpha) return 'A';
  if (size >= ETS_DIF_LIMITS.largeD && size - ETS_DIF_LIMITS.negligibleD > 1.645 * se) return 'C';
  return 'B';
}

/** Standardized mean difference and Mantel's chi-square of a polytomous item from its score sums per stratum. */
export function polytomousDif(strata: readonly DifStratum[]): PolytomousDif {
  let n = 0;
  let sum = 0;
  let squares = 0;
  for (const { reference, focal } of strata) {
    n += reference.n + focal.n;
    sum += reference.sum + focal.sum;
    squares += reference.squares + focal.squares;
  }
  const sd = n > 1 ? Math.sqrt(Math.max(0, (squares - (sum * sum) / n) / (n - 1))) : 0;
  let weighted = 0;
  let focalN = 0;
  let referenceN = 0;
  let observed = 0;
  let expected = 0;
  let variance = 0;
  let used = 0;
  for (const stratum of strata) {
    if (!both(stratum)) continue;
    const { reference, focal } = stratum;
    const t = reference.n + focal.n;
    const total = reference.sum + focal.sum;
    weighted += focal.n * (focal.sum / focal.n - reference.sum / reference.n);
    focalN += focal.n;
    referenceN += reference.n;
    observed += focal.sum;
    expected += (focal.n * total) / t;
    variance +=
      ((reference.n * focal.n) / (t * t * (t - 1))) * (t * (reference.squares + focal.squares) - total * total);
    used++;
  }
  const smd = focalN > 0 ? weighted / focalN : null;
  const effect = smd !== null && sd > 0 ? smd / sd : null;
  const chiSquare = variance > 0 ? (observed - expected) ** 2 / variance : null;
  const pValue = chiSquare === null ? null : chiSquarePValue(chiSquare);
  let category: PolytomousDif['category'] = null;
  if (effect !== null && pValue !== null) {
    const size = Math.abs(effect);
    if (pValue >= ETS_DIF_LIMITS.alpha || size <= ETS_DIF_LIMITS.negligibleEffect) category = 'AA';
    else category = size > ETS_DIF_LIMITS.largeEffect ? 'CC' : 'BB';
  }
  return {
    kind: 'polytomous',
    strata: used,
    reference_n: referenceN,
    focal_n: focalN,
    smd,
    effect_size: effect,
    chi_square: chiSquare,
    p_value: pValue,
    category,
    favours: favours(smd),
  };
}

/** Upper tail of the chi-square distribution with 1 degree of freedom: erfc(√(x / 2)). */
export function chiSquarePValue(x: number): number {
  return x <= 0 ? 1 : erfc(Math.sqrt(x / 2));
}

/** Complementary error function (Numerical Recipes' Chebyshev fit, relative error below 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  const poly =
    -1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const value = t * Math.exp(-z * z + poly);
  return x >= 0 ? value : 2 - value;
}

export interface DifInput {
  items: readonly { max: number }[];
  /** One row per student: the mark of each item, in the order of `items`. */
  scores: readonly (readonly number[])[];
  /** Per student, the group (language, gender, school...); null leaves the student out. */
  groups: readonly (string | null)[];
  /** The reference group; the largest group when absent. */
  reference?: string;
  minGroupSize?: number;
}

export type ItemDif = (MantelHaenszelDif | PolytomousDif) & { index: number };

export interface FocalGroupDif {
  group: string;
  n: number;
  /** 'too_small' when this group or the reference group has fewer students than the minimum. */
  skipped: 'too_small' | null;
  items: ItemDif[];
}

export interface DifReport {
  reference: string | null;
  reference_n: number;
  groups: FocalGroupDif[];
}

/**
 * DIF of every item for every focal group against the reference group. An item marked out of 1 (or less)
 * is dichotomous, a mark of at least half the maximum counting as right; others are polytomous. Runs in
 * O(students × items) per focal group.
 */
export function analyseDif(input: DifInput): DifReport {
  const minimum = input.minGroupSize ?? DIF_MIN_GROUP_SIZE;
  const members = new Map<string, number[]>();
  input.groups.forEach((group, person) => {
    if (group === null || person >= input.scores.length) return;
    const list = members.get(group);
    if (list) list.push(person);
    else members.set(group, [person]);
  });
  const bySize = [...members.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  const reference = input.reference ?? bySize[0]?.[0] ?? null;
  const referenceMembers = (reference !== null && members.get(reference)) || [];
  const strata = matchingStrata(input);
  const groups = bySize
    .filter(([group]) => group !== reference)
    .map(([group, focalMembers]): FocalGroupDif => {
      const tooSmall = focalMembers.length < minimum || referenceMembers.length < minimum;
      return {
        group,
        n: focalMembers.length,
        skipped: tooSmall ? 'too_small' : null,
        items: tooSmall
          ? []
          : input.items.map((item, index) => itemDif(input, index, item.max, strata, referenceMembers, focalMembers)),
      };
    });
  return { reference, reference_n: referenceMembers.length, groups };
}

/** Each student's stratum: the index of their total mark, rounded to a whole mark, among the totals that occur. */
function matchingStrata(input: DifInput): { of: Int32Array; count: number } {
  const totals = input.scores.map((row) =>
    Math.round(row.reduce((total, mark) => total + (Number.isFinite(mark) ? mark : 0), 0)),
  );
  const index = new Map<number, number>();
  const of = new Int32Array(totals.length);
  totals.forEach((total, person) => {
    if (!index.has(total)) index.set(total, index.size);
    of[person] = index.get(total)!;
  });
  return { of, count: index.size };
}

function itemDif(
  input: DifInput,
  item: number,
  max: number,
  strata: { of: Int32Array; count: number },
  referenceMembers: number[],
  focalMembers: number[],
): ItemDif {
  const dichotomous = !(max > 1);
  const tally = (members: number[]) => {
    const sums = new Float64Array(strata.count * 3);
    for (const person of members) {
      const mark = input.scores[person][item];
      const value = !Number.isFinite(mark) ? 0 : dichotomous ? (mark >= max / 2 ? 1 : 0) : mark;
      const k = strata.of[person] * 3;
      sums[k]++;
      sums[k + 1] += value;
      sums[k + 2] += value * value;
    }
    return sums;
  };
  const reference = tally(referenceMembers);
  const focal = tally(focalMembers);
  const table: DifStratum[] = Array.from({ length: strata.count }, (_, k) => ({
    reference: { n: reference[k * 3], sum: reference[k * 3 + 1], squares: reference[k * 3 + 2] },
    focal: { n: focal[k * 3], sum: focal[k * 3 + 1], squares: focal[k * 3 + 2] },
  }));
  return { index: item, ...(dichotomous ? mantelHaenszel(table) : polytomousDif(table)) };
}
