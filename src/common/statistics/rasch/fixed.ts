/**
 * Measuring a person on items whose parameters are already known (issue 42): the bank's calibrated
 * questions, read from a stored calibration. The marks are put in the items' kept categories as the
 * calibration put them (model.ts), and the ability is Warm's estimate on those items alone, so a
 * student who saw only some of a scale's questions is measured on the ones they saw.
 */
import { raschCategory, raschTopCategory } from './model';
import { warmEstimate } from './persons';

/** A calibrated item: its maximum mark, kept categories (0..K) and step difficulties between them. */
export interface CalibratedItem {
  max: number;
  categories: readonly number[];
  thresholds: readonly number[];
}

/**
 * The kept category's rank (0..m) of a mark: a category the calibration never saw counts as the
 * highest kept category below it (none below: 0).
 */
export function keptRank(item: CalibratedItem, mark: number): number {
  const category = raschCategory(mark, item.max, raschTopCategory(item.max));
  let rank = 0;
  item.categories.forEach((kept, index) => {
    if (kept <= category) rank = index;
  });
  return rank;
}

/**
 * Warm's estimate and its standard error from marks on calibrated items (`marks[i]` on `items[i]`);
 * null when no item carries a step (nothing to measure with).
 */
export function abilityFromParameters(
  items: readonly CalibratedItem[],
  marks: readonly number[],
): { ability: number; se: number } | null {
  const used = items.filter((item) => item.thresholds.length > 0);
  if (used.length === 0) return null;
  let raw = 0;
  items.forEach((item, index) => {
    if (item.thresholds.length > 0) raw += Math.min(keptRank(item, marks[index] ?? 0), item.thresholds.length);
  });
  return warmEstimate(
    used.map((item) => ({ steps: Float64Array.from(item.thresholds), m: item.thresholds.length })),
    raw,
  );
}
