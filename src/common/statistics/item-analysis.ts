import { alphaInterval, correlationInterval, meanInterval, proportionInterval, type Interval } from './confidence';
import { correlation, mean, median, roundTo, standardDeviation, sum, variance } from './descriptive';
import { optionStatistics, type OptionStatistics } from './distractors';
import { extremeGroups, groupMean } from './extreme-groups';
import { REVIEW_LIMITS } from './review-limits';

export { GROUP_SHARE, REVIEW_LIMITS } from './review-limits';
export { extremeGroups } from './extreme-groups';
export type { OptionStatistics } from './distractors';

/**
 * Classical item analysis of one exam (Moodle quiz statistics, Crocker & Algina ch. 14): per
 * question its facility and discrimination and, for choice questions, who chose each option; for
 * the exam its reliability. Pure: the caller gives the score of every item in every attempt.
 */

export type ItemFlag = 'too_hard' | 'too_easy' | 'negative_discrimination' | 'weak_discrimination';

export interface AnalysedItem {
  id: number;
  max: number;
  /** Option ids of a choice question, in their order, with the correct ones; absent otherwise. */
  options?: { id: string; correct: boolean }[];
}

export interface AnalysisInput {
  items: AnalysedItem[];
  /** One row per attempt: the score of each item, in the order of `items`. */
  scores: number[][];
  /** Per item index of a choice question: per attempt, the option ids chosen (null or [] when omitted). */
  choices?: Map<number, (readonly string[] | null)[]>;
}

export interface ItemStatistics {
  id: number;
  max: number;
  mean: number;
  sd: number;
  /** Mean score over the maximum (0 to 1): high is easy. */
  facility: number | null;
  /** Correlation of the item with the rest of the test (the total without it). */
  item_rest_correlation: number | null;
  /** Correlation of the item with the total (itself included: higher than item-rest, by its own share). */
  item_total_correlation: number | null;
  /** Cronbach's alpha of the test without this item: above the test's, the item lowers reliability. */
  alpha_if_deleted: number | null;
  /** Upper-lower index: (upper group's mean - lower group's mean) / maximum, boundary ties shared pro rata. */
  discrimination_index: number | null;
  /** 95% intervals: the facility's (Wilson's, or the mean's for marks over 1) and the item-rest correlation's (Fisher's z). */
  facility_ci: Interval | null;
  item_rest_ci: Interval | null;
  /** Empty when the analysis is unstable (too few attempts to judge by). */
  flags: ItemFlag[];
  options?: OptionStatistics[];
  omitted_share?: number;
}

export interface ExamStatistics {
  attempts: number;
  items: number;
  max: number;
  mean: number;
  median: number;
  sd: number;
  min: number;
  highest: number;
  /** Cronbach's alpha (KR-20 for items scored 0 or 1); null with fewer than two items, two attempts or no spread. */
  alpha: number | null;
  /** Feldt's 95% interval of alpha. */
  alpha_ci: Interval | null;
  /** Standard error of measurement: sd × √(1 − alpha). */
  sem: number | null;
  group_size: number;
  /** Fewer attempts than `REVIEW_LIMITS.minAttempts`: intervals are shown and nothing is flagged. */
  unstable: boolean;
}

export interface ItemAnalysis {
  exam: ExamStatistics;
  items: ItemStatistics[];
}

const r4 = (value: number | null) => roundTo(value, 4);
const r4Interval = (interval: Interval | null): Interval | null =>
  interval && [roundTo(interval[0], 4), roundTo(interval[1], 4)];

/** Cronbach's alpha from the variance of each item and of the totals. */
export function cronbachAlpha(itemVariances: readonly number[], totalVariance: number): number | null {
  const k = itemVariances.length;
  if (k < 2 || totalVariance <= 1e-12) return null;
  return (k / (k - 1)) * (1 - sum(itemVariances) / totalVariance);
}

/** The standard error of measurement of a test with this spread and reliability. */
export function standardErrorOfMeasurement(sd: number, alpha: number | null): number | null {
  if (alpha === null) return null;
  return sd * Math.sqrt(Math.max(0, 1 - alpha));
}

/** The flags of an item for review, by `REVIEW_LIMITS`. */
export function reviewFlags(facility: number | null, discrimination: number | null): ItemFlag[] {
  const flags: ItemFlag[] = [];
  if (facility !== null && facility < REVIEW_LIMITS.hardBelow) flags.push('too_hard');
  if (facility !== null && facility > REVIEW_LIMITS.easyAbove) flags.push('too_easy');
  if (discrimination !== null && discrimination < 0) flags.push('negative_discrimination');
  else if (discrimination !== null && discrimination < REVIEW_LIMITS.weakBelow) flags.push('weak_discrimination');
  return flags;
}

const isBinary = (column: Float64Array) => column.every((score) => score === 0 || score === 1);

/** The item analysis of an exam's attempts. */
export function analyseItems(input: AnalysisInput): ItemAnalysis {
  const { items, scores } = input;
  const n = scores.length;
  const k = items.length;
  const unstable = n < REVIEW_LIMITS.minAttempts;
  // Totals to six decimals: marks have two, so equal totals made of different marks (1.1 + 2.2 and
  // 3.3 + 0) are equal, and tie at a group's boundary as they should.
  const totals = scores.map((row) => roundTo(sum(row), 6));
  const groups = extremeGroups(totals);
  // Each item's scores as a column, filled in one pass over the rows.
  const columns = items.map(() => new Float64Array(n));
  scores.forEach((row, attempt) => {
    for (let index = 0; index < k; index++) columns[index][attempt] = row[index] ?? 0;
  });
  const itemVariances = columns.map((column) => variance(column));
  const analysed = items.map((item, index): ItemStatistics => {
    const column = columns[index];
    const rest = column.map((score, attempt) => totals[attempt] - score);
    const itemMean = mean(column);
    const itemSd = standardDeviation(column);
    const facility = n > 0 && item.max > 0 ? itemMean / item.max : null;
    const discrimination =
      groups.size > 0 && item.max > 0
        ? (groupMean(column, groups.upper, groups.size) - groupMean(column, groups.lower, groups.size)) / item.max
        : null;
    const itemRest = correlation(column, rest);
    const facilityCi =
      facility === null
        ? null
        : item.max === 1 && isBinary(column)
          ? proportionInterval(facility, n)
          : meanInterval(facility, itemSd / item.max, n, 0, 1);
    const chosen = input.choices?.get(index);
    return {
      id: item.id,
      max: item.max,
      mean: r4(itemMean)!,
      sd: r4(itemSd)!,
      facility: r4(facility),
      item_rest_correlation: r4(itemRest),
      item_total_correlation: r4(correlation(column, totals)),
      alpha_if_deleted: r4(
        k > 2
          ? cronbachAlpha(
              itemVariances.filter((_, other) => other !== index),
              variance(rest),
            )
          : null,
      ),
      discrimination_index: r4(discrimination),
      facility_ci: r4Interval(facilityCi),
      item_rest_ci: r4Interval(correlationInterval(itemRest, n)),
      flags: unstable ? [] : reviewFlags(facility, itemRest ?? discrimination),
      ...(item.options && chosen ? optionStatistics(item.options, chosen, rest, groups, !unstable, r4) : {}),
    };
  });
  const sd = standardDeviation(totals);
  const alpha = k < 2 ? null : cronbachAlpha(itemVariances, variance(totals));
  return {
    exam: {
      attempts: n,
      items: k,
      max: roundTo(sum(items.map((item) => item.max)), 2),
      mean: r4(mean(totals))!,
      median: r4(median(totals))!,
      sd: r4(sd)!,
      min: totals.reduce((low, total) => Math.min(low, total), n === 0 ? 0 : Infinity),
      highest: totals.reduce((high, total) => Math.max(high, total), 0),
      alpha: r4(alpha),
      alpha_ci: r4Interval(alphaInterval(alpha, n, k)),
      sem: r4(standardErrorOfMeasurement(sd, alpha)),
      group_size: groups.size,
      unstable,
    },
    items: analysed,
  };
}
