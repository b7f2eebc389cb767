import type { RaschResult } from './rasch';

export interface WrightMap {
  bins: { from: number; to: number; persons: number }[];
  items: { index: number; difficulty: number }[];
}

/** Persons' abilities counted in bins of `binWidth` logits, and the calibrated items' difficulties, on one scale. */
export function wrightMap(result: RaschResult, binWidth = 0.5): WrightMap {
  const width = binWidth > 0 && Number.isFinite(binWidth) ? binWidth : 0.5;
  const items = result.items.flatMap((item) =>
    item.difficulty === null ? [] : [{ index: item.index, difficulty: item.difficulty }],
  );
  let low = Infinity;
  let high = -Infinity;
  for (const value of [...result.persons.map((person) => person.ability), ...items.map((item) => item.difficulty)])
    if (value !== null) {
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
  if (low > high) return { bins: [], items };
  const first = Math.floor(low / width);
  const last = Math.floor(high / width);
  const bins = Array.from({ length: last - first + 1 }, (_, k) => ({
    from: (first + k) * width,
    to: (first + k + 1) * width,
    persons: 0,
  }));
  for (const person of result.persons)
    if (person.ability !== null) bins[Math.floor(person.ability / width) - first].persons++;
  return { bins, items };
}
