import { raschCategory, raschTopCategory, type ItemModel, type RaschInput, type RaschOptions } from './model';

/** Categorises every mark once, keeps the used categories of each item and counts persons per raw score. */
export function prepare(input: RaschInput) {
  const I = input.items.length;
  const N = input.scores.length;
  const tops = input.items.map((item) => raschTopCategory(item.max));
  const cells = new Uint8Array(N * I);
  const used = tops.map((top) => new Float64Array(top + 1));
  for (let n = 0; n < N; n++) {
    const row = input.scores[n];
    for (let i = 0; i < I; i++) {
      const category = raschCategory(row?.[i] ?? 0, input.items[i].max, tops[i]);
      cells[n * I + i] = category;
      used[i][category]++;
    }
  }
  const items = itemModels(input.items, used);
  const calibrated = items.filter((item) => item.m > 0);
  const raw = new Int32Array(N);
  for (let n = 0; n < N; n++) {
    let score = 0;
    for (const item of calibrated) score += item.rankOf[cells[n * I + item.index]];
    raw[n] = score;
  }
  const M = calibrated.reduce((total, item) => total + item.m, 0);
  const counts = new Float64Array(M + 1);
  for (const score of raw) counts[score]++;
  return { items, calibrated, cells, raw, counts };
}

/**
 * Each item's model from how many persons had each of its categories (`used[i][category]`): its kept
 * categories (those someone had), their ranks, its steps (to estimate) and who is at or above each.
 */
export function itemModels(inputItems: RaschInput['items'], used: Float64Array[]): ItemModel[] {
  return inputItems.map((item, index) => {
    const rankOf = new Int16Array(used[index].length).fill(-1);
    const categories: number[] = [];
    used[index].forEach((count, category) => {
      if (count > 0) rankOf[category] = categories.push(category) - 1;
    });
    const m = Math.max(0, categories.length - 1);
    const observed = new Float64Array(m);
    for (let category = 0; category < rankOf.length; category++)
      for (let j = 1; j <= rankOf[category]; j++) observed[j - 1] += used[index][category];
    return {
      index,
      max: item.max,
      categories,
      rankOf,
      m,
      steps: new Float64Array(m),
      observed,
      probs: new Float64Array(0),
    };
  });
}

/** The items whose parameters an anchored calibration keeps: those whose kept categories match their anchor's. */
export function fixAnchors(calibrated: ItemModel[], anchors: RaschOptions['anchors']): Set<ItemModel> {
  const fixed = new Set<ItemModel>();
  for (const item of calibrated) {
    const anchor = anchors?.[item.index];
    if (
      anchor &&
      anchor.thresholds.length === item.m &&
      anchor.categories.length === item.categories.length &&
      anchor.categories.every((category, k) => category === item.categories[k])
    ) {
      item.steps.set(anchor.thresholds);
      fixed.add(item);
    }
  }
  return fixed;
}
