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
 * A Fisher–Yates shuffle that always gives the same order for the same seed (and salt), so a
 * student who reloads sees the same order. Delivery seeds it with the attempt and the question; a
 * salt tells the lists of one question apart (each blank's options, each related question's).
 */
export function seededShuffle(seed: string): Shuffle {
  return <T>(list: readonly T[], salt = ''): T[] => {
    const next = generator(hash(salt === '' ? seed : `${seed}\u0001${salt}`));
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
}

/** The same entries in the same order (by id). */
export const sameOrder = (a: readonly { id: string }[], b: readonly { id: string }[]): boolean =>
  a.length === b.length && a.every((entry, i) => entry.id === b[i].id);

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Fewer entries than this, and every order but the key's would give the key away (there is one other). */
export const MIN_KEY_FREE_ENTRIES = 3;
const ROUNDS = 32;

export interface StudentOrderOptions {
  /** Tells this list's shuffle apart from the question's other lists. */
  salt?: string;
  /**
   * Whether an order would show the key; by default, the key's own order. Categorizing passes
   * "grouped category by category", which shows the placements as plainly.
   */
  reveals?: (order: readonly { id: string }[]) => boolean;
}

/**
 * The order a student sees a list in whose authored order is (or gives away) the key: reordering
 * items, matching rights in the order of their lefts, categorizing options category by category.
 * The entries are sorted by id and then shuffled (delivery's seeded shuffle, or one seeded by the
 * ids themselves), so the order depends on which entries there are, never on the key's order. With
 * three entries or more it is never an order that reveals the key: such a draw is drawn again with
 * another salt (each non-revealing order stays equally likely). With two, both orders stay possible:
 * forbidding the key's would leave only the other one, and so tell the answer.
 */
export function studentOrder<T extends { id: string }>(
  keyOrder: readonly T[],
  shuffle?: Shuffle,
  options: StudentOrderOptions = {},
): T[] {
  const { salt = '', reveals = (order) => sameOrder(order, keyOrder) } = options;
  const sorted = [...keyOrder].sort(byId);
  const mix = shuffle ?? seededShuffle(sorted.map((entry) => entry.id).join('\u0000'));
  let order = mix(sorted, salt);
  if (keyOrder.length < MIN_KEY_FREE_ENTRIES) return order;
  for (let round = 1; round < ROUNDS && reveals(order); round++) order = mix(sorted, `${salt}\u0002${round}`);
  // Thirty-two revealing draws in a row (at worst one in 3^32): a rotation, then the next, until
  // one reveals nothing (with several accepted orders, a single rotation may be one of them).
  for (let turn = 0; turn < order.length && reveals(order); turn++) order = [...order.slice(1), order[0]];
  return order;
}

/**
 * The options of a blank as a student sees them: sorted by their text (a neutral order, the same
 * whoever wrote them first) and then, when delivery shuffles, shuffled with the blank's own salt.
 * The right answer's place never follows the order the author typed the options in.
 */
export function blankOptionsOrder(options: readonly string[], shuffle: Shuffle | undefined, salt: string): string[] {
  const sorted = [...options].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return shuffle ? shuffle(sorted, salt) : sorted;
}
