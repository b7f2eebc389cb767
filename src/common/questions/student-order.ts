import type { Shuffle } from './answer-type';

// FNV-1a: a small, stable string hash, the same in Node and every browser.
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// mulberry32: a tiny seeded generator; the order only has to look random, not be secret.
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A Fisher–Yates shuffle that always gives the same order for the same seed, so a student who
 * reloads sees the same order. Delivery seeds it with the student exam and the question.
 */
export function seededShuffle(seed: string): Shuffle {
  return <T>(list: readonly T[]): T[] => {
    const next = generator(hash(seed));
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
}

/**
 * The order a student sees a list in whose authored order is (or would reveal) the key:
 * reordering items, matching rights, categorizing options. Without a shuffle from delivery,
 * the list is shuffled with a seed made from its sorted ids: a fixed order that depends only
 * on which entries there are, never on the order the key puts them in.
 */
export function studentOrder<T extends { id: string }>(list: readonly T[], shuffle?: Shuffle): T[] {
  if (shuffle) return shuffle(list);
  const sorted = [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return seededShuffle(sorted.map((entry) => entry.id).join('\u0000'))(sorted);
}
