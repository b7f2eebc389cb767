import { meanInterval, proportionInterval, type Interval } from './confidence';
import { correlation, mean, roundTo, standardDeviation, variance } from './descriptive';
import { optionStatistics } from './distractors';
import { extremeGroups, groupMean } from './extreme-groups';
import type { AnalysedItem, ItemStatistics } from './item-analysis';
import { REVIEW_LIMITS } from './review-limits';

/**
 * Item analysis of an adaptive exam (issue 43). Each student saw the questions chosen for them, so
 * a question's figures are read over the students it was given to only, and only once enough saw
 * it: its facility there is near one half by design (it was chosen where the student was), so it
 * says how well the question was targeted, not how hard it is. Whatever compares a question with
 * the rest of the test (item-rest, alpha if deleted) has no meaning here: every student's rest is
 * other questions. In their place, students are ranked by their measured ability: the upper-lower
 * index, each option's point-biserial and the question's correlation with ability (a
 * point-measure correlation) are against it. The exam's reliability is the empirical one of the
 * measured abilities, 1 − mean(SE²) / var(ability).
 */

/** Students a question must have been given to before its classical figures are shown. */
export const ADAPTIVE_MIN_SEEN = 30;

export interface AdaptiveItemsInput {
  items: AnalysedItem[];
  /** One row per attempt: the score of each item (0 where not given), in the order of `items`. */
  scores: number[][];
  /** One row per attempt: whether each item was given. */
  given: boolean[][];
  /** Per attempt: the measured ability (logits), null where none was stored. */
  abilities: (number | null)[];
  /** Per attempt: its standard error, null where none was stored. */
  errors: (number | null)[];
  choices?: Map<number, (readonly string[] | null)[]>;
}

export interface AdaptiveItemUse {
  id: number;
  /** Students it was given to, and their share of the attempts. */
  given: number;
  exposure: number;
  /** Correlation of its score with the measured ability over those students; null under the minimum seen. */
  ability_correlation: number | null;
}

export interface AdaptiveTestFigures {
  /** Attempts with a measured ability. */
  measured: number;
  mean_length: number;
  mean_ability: number | null;
  sd_ability: number | null;
  mean_se: number | null;
  /** Mean test information reached, 1 / SE². */
  mean_information: number | null;
  /** 1 − mean(SE²) / var(ability): null with fewer than two measured or no spread. */
  reliability: number | null;
  /** Questions given to at least one student, and the largest share any one was given to. */
  pool_used: number;
  max_exposure: number;
}

const r4 = (value: number | null) => roundTo(value, 4);
const r4Interval = (interval: Interval | null): Interval | null =>
  interval && [roundTo(interval[0], 4), roundTo(interval[1], 4)];

function itemOverSeen(input: AdaptiveItemsInput, index: number, rows: number[]) {
  const item = input.items[index];
  const column = rows.map((r) => input.scores[r][index] ?? 0);
  const n = rows.length;
  const enough = n >= ADAPTIVE_MIN_SEEN;
  const itemMean = n > 0 ? mean(column) : 0;
  const itemSd = n > 0 ? standardDeviation(column) : 0;
  const facility = enough && item.max > 0 ? itemMean / item.max : null;
  // Ranked by ability: only the students with a stored measure (an attempt without one is left out).
  const measured = rows.filter((r) => input.abilities[r] !== null);
  const byAbility = measured.map((r) => input.scores[r][index] ?? 0);
  const abilities = measured.map((r) => input.abilities[r]!);
  const ranked = measured.length >= ADAPTIVE_MIN_SEEN;
  const groups = ranked ? extremeGroups(abilities) : null;
  const binary = column.every((score) => score === 0 || score === item.max);
  const chosenAll = input.choices?.get(index);
  const statistics: ItemStatistics = {
    id: item.id,
    max: item.max,
    mean: r4(itemMean)!,
    sd: r4(itemSd)!,
    facility: r4(facility),
    item_rest_correlation: null,
    item_total_correlation: null,
    alpha_if_deleted: null,
    discrimination_index:
      groups && groups.size > 0 && item.max > 0
        ? r4((groupMean(column, groups.upper, groups.size) - groupMean(column, groups.lower, groups.size)) / item.max)
        : null,
    facility_ci: r4Interval(
      facility === null
        ? null
        : item.max === 1 && binary
          ? proportionInterval(facility, n)
          : meanInterval(facility, itemSd / item.max, n, 0, 1),
    ),
    item_rest_ci: null,
    flags: [],
    ...(enough && item.options && chosenAll && groups
      ? optionStatistics(
          item.options,
          measured.map((r) => chosenAll[r]),
          abilities,
          groups,
          n >= REVIEW_LIMITS.minAttempts,
          r4,
        )
      : {}),
  };
  const use: AdaptiveItemUse = {
    id: item.id,
    given: n,
    exposure: input.scores.length === 0 ? 0 : r4(n / input.scores.length)!,
    ability_correlation: ranked ? r4(correlation(byAbility, abilities)) : null,
  };
  return { statistics, use };
}

/** Per question its figures over the students it was given to and its use; for the test, its precision. */
export function analyseAdaptiveItems(input: AdaptiveItemsInput): {
  items: ItemStatistics[];
  uses: AdaptiveItemUse[];
  test: AdaptiveTestFigures;
} {
  const seenBy = input.items.map(() => [] as number[]);
  input.given.forEach((row, r) => row.forEach((was, index) => was && seenBy[index].push(r)));
  const analysed = input.items.map((_, index) => itemOverSeen(input, index, seenBy[index]));
  const measuredRows = input.abilities.flatMap((ability, r) =>
    ability !== null && input.errors[r] !== null ? [r] : [],
  );
  const abilities = measuredRows.map((r) => input.abilities[r]!);
  const errors = measuredRows.map((r) => input.errors[r]!);
  const spread = abilities.length > 1 ? variance(abilities) : 0;
  const meanSquaredError = errors.length > 0 ? mean(errors.map((se) => se * se)) : null;
  const lengths = input.given.map((row) => row.filter(Boolean).length);
  return {
    items: analysed.map((a) => a.statistics),
    uses: analysed.map((a) => a.use),
    test: {
      measured: measuredRows.length,
      mean_length: r4(lengths.length > 0 ? mean(lengths) : 0)!,
      mean_ability: abilities.length > 0 ? r4(mean(abilities)) : null,
      sd_ability: abilities.length > 1 ? r4(standardDeviation(abilities)) : null,
      mean_se: errors.length > 0 ? r4(mean(errors)) : null,
      mean_information: errors.length > 0 ? r4(mean(errors.map((se) => 1 / (se * se)))) : null,
      reliability: meanSquaredError !== null && spread > 0 ? r4(1 - meanSquaredError / spread) : null,
      pool_used: seenBy.filter((rows) => rows.length > 0).length,
      max_exposure: analysed.reduce((high, a) => Math.max(high, a.use.exposure), 0),
    },
  };
}
