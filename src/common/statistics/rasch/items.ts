import type { Covariance } from '../symmetric-matrix';
import { categoryProbabilities, type ItemModel, type RaschItem, type RaschScore } from './model';

/** Infit and outfit mean squares of each item, over persons with neither zero nor full raw score. */
export function itemFit(
  items: ItemModel[],
  table: RaschScore[],
  data: { cells: Uint8Array; raw: Int32Array; itemCount: number },
  M: number,
) {
  const fit = new Map<number, { infit: number | null; outfit: number | null }>();
  const { cells, raw, itemCount } = data;
  for (const item of items) {
    const width = item.m + 1;
    // Persons per raw score and category of this item.
    const observed = new Float64Array(width * (M + 1));
    for (let n = 0; n < raw.length; n++) observed[raw[n] * width + item.rankOf[cells[n * itemCount + item.index]]]++;
    const probs = new Float64Array(width);
    let squares = 0;
    let variance = 0;
    let standardized = 0;
    let persons = 0;
    for (let r = 1; r < M; r++) {
      const count = table[r].persons;
      if (count === 0) continue;
      categoryProbabilities(item.steps, table[r].ability, probs, 0);
      let e = 0;
      let v = 0;
      for (let k = 1; k <= item.m; k++) e += k * probs[k];
      for (let k = 0; k <= item.m; k++) v += (k - e) ** 2 * probs[k];
      for (let k = 0; k <= item.m; k++) {
        const residual = (k - e) ** 2 * observed[r * width + k];
        squares += residual;
        standardized += residual / v;
      }
      variance += count * v;
      persons += count;
    }
    fit.set(item.index, {
      infit: variance > 0 ? squares / variance : null,
      outfit: persons > 0 ? standardized / persons : null,
    });
  }
  return fit;
}

export function describeItems(
  items: ItemModel[],
  covariance: Covariance | null,
  fit: Map<number, { infit: number | null; outfit: number | null }>,
  /** Anchors kept as given: no standard error, and no place in the covariance. */
  fixed: ReadonlySet<ItemModel> = new Set(),
): RaschItem[] {
  let a0 = 0;
  return items.map((item) => {
    if (item.m === 0)
      return { ...base(item), extreme: true, difficulty: null, se: null, thresholds: [], infit: null, outfit: null };
    const thresholds = Array.from(item.steps);
    const difficulty = thresholds.reduce((a, b) => a + b, 0) / item.m;
    if (fixed.has(item))
      return {
        ...base(item),
        extreme: false,
        difficulty,
        se: null,
        thresholds,
        anchored: true,
        ...fit.get(item.index)!,
      };
    let se: number | null = null;
    if (covariance) {
      let total = 0;
      for (let j = 0; j < item.m; j++) for (let l = 0; l < item.m; l++) total += covariance(a0 + j, a0 + l);
      se = total > 0 ? Math.sqrt(total) / item.m : null;
    }
    a0 += item.m;
    return { ...base(item), extreme: false, difficulty, se, thresholds, ...fit.get(item.index)! };
  });
}

const base = (item: ItemModel) => ({ index: item.index, max: item.max, categories: item.categories });
