import { correlation, mean, median, roundTo, standardDeviation, sum, variance } from './descriptive';

/**
 * Classical item analysis of one exam (Moodle quiz statistics, Crocker & Algina ch. 14): per
 * question its facility and discrimination and, for choice questions, who chose each option; for
 * the exam its reliability. Pure: the caller gives the score of every item in every attempt.
 */

/** Facility outside [0.2, 0.9] and discrimination below 0.1 ask an author to review the question. */
export const REVIEW_LIMITS = { hardBelow: 0.2, easyAbove: 0.9, weakBelow: 0.1 } as const;
/** The share of attempts in each of the upper and lower groups (Kelley's 27%). */
export const GROUP_SHARE = 0.27;

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

export interface OptionStatistics {
  id: string;
  correct: boolean;
  count: number;
  /** Share of all attempts choosing it; `upper_share` and `lower_share`: within the two groups. */
  share: number;
  upper_share: number;
  lower_share: number;
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
  /** Upper-lower index: (upper group's mean - lower group's mean) / maximum. */
  discrimination_index: number | null;
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
  /** Standard error of measurement: sd × √(1 − alpha). */
  sem: number | null;
  group_size: number;
}

export interface ItemAnalysis {
  exam: ExamStatistics;
  items: ItemStatistics[];
}

const r4 = (value: number | null) => roundTo(value, 4);

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

/** The flags of an item for review. */
export function reviewFlags(facility: number | null, discrimination: number | null): ItemFlag[] {
  const flags: ItemFlag[] = [];
  if (facility !== null && facility < REVIEW_LIMITS.hardBelow) flags.push('too_hard');
  if (facility !== null && facility > REVIEW_LIMITS.easyAbove) flags.push('too_easy');
  if (discrimination !== null && discrimination < 0) flags.push('negative_discrimination');
  else if (discrimination !== null && discrimination < REVIEW_LIMITS.weakBelow) flags.push('weak_discrimination');
  return flags;
}

/**
 * The upper and lower groups: the attempts with the highest and the lowest totals, each
 * `GROUP_SHARE` of all (at least one; ties keep the attempts' order).
 */
export function extremeGroups(totals: readonly number[]): { upper: number[]; lower: number[]; size: number } {
  const n = totals.length;
  if (n < 2) return { upper: [], lower: [], size: 0 };
  const size = Math.min(Math.floor(n / 2), Math.max(1, Math.round(n * GROUP_SHARE)));
  const order = totals.map((total, index) => ({ total, index })).sort((a, b) => b.total - a.total || a.index - b.index);
  return {
    upper: order.slice(0, size).map((entry) => entry.index),
    lower: order.slice(n - size).map((entry) => entry.index),
    size,
  };
}

function optionStatistics(
  item: AnalysedItem,
  chosen: (readonly string[] | null)[],
  groups: { upper: number[]; lower: number[] },
): { options: OptionStatistics[]; omitted_share: number } {
  const n = chosen.length;
  const share = (count: number, of: number) => (of === 0 ? 0 : r4(count / of)!);
  const picks = (indices: Iterable<number>, id: string) => {
    let count = 0;
    for (const index of indices) if (chosen[index]?.includes(id)) count++;
    return count;
  };
  const all = chosen.map((_, index) => index);
  const omitted = chosen.filter((choice) => !choice || choice.length === 0).length;
  return {
    options: (item.options ?? []).map((option) => {
      const count = picks(all, option.id);
      return {
        id: option.id,
        correct: option.correct,
        count,
        share: share(count, n),
        upper_share: share(picks(groups.upper, option.id), groups.upper.length),
        lower_share: share(picks(groups.lower, option.id), groups.lower.length),
      };
    }),
    omitted_share: share(omitted, n),
  };
}

/** The item analysis of an exam's attempts. */
export function analyseItems(input: AnalysisInput): ItemAnalysis {
  const { items, scores } = input;
  const n = scores.length;
  const totals = scores.map((row) => sum(row));
  const groups = extremeGroups(totals);
  const itemVariances: number[] = [];
  const analysed = items.map((item, index): ItemStatistics => {
    const column = scores.map((row) => row[index] ?? 0);
    const rest = column.map((score, attempt) => totals[attempt] - score);
    itemVariances.push(variance(column));
    const itemMean = mean(column);
    const facility = n > 0 && item.max > 0 ? itemMean / item.max : null;
    const discrimination =
      groups.size > 0 && item.max > 0
        ? (mean(groups.upper.map((a) => column[a])) - mean(groups.lower.map((a) => column[a]))) / item.max
        : null;
    const itemRest = correlation(column, rest);
    const chosen = input.choices?.get(index);
    return {
      id: item.id,
      max: item.max,
      mean: r4(itemMean)!,
      sd: r4(standardDeviation(column))!,
      facility: r4(facility),
      item_rest_correlation: r4(itemRest),
      discrimination_index: r4(discrimination),
      flags: reviewFlags(facility, itemRest ?? discrimination),
      ...(item.options && chosen ? optionStatistics(item, chosen, groups) : {}),
    };
  });
  const sd = standardDeviation(totals);
  const alpha = cronbachAlpha(itemVariances, variance(totals));
  return {
    exam: {
      attempts: n,
      items: items.length,
      max: roundTo(sum(items.map((item) => item.max)), 2),
      mean: r4(mean(totals))!,
      median: r4(median(totals))!,
      sd: r4(sd)!,
      min: totals.reduce((low, total) => Math.min(low, total), n === 0 ? 0 : Infinity),
      highest: totals.reduce((high, total) => Math.max(high, total), 0),
      alpha: r4(alpha),
      sem: r4(standardErrorOfMeasurement(sd, alpha)),
      group_size: groups.size,
    },
    items: analysed,
  };
}
