/**
 * Random valid definitions of every answer type, and random answers to them, for property tests.
 * Author ids are long and distinctive (`AUTHOR…`), so a test can look for them anywhere in a view.
 */
import type { AnswerKind, ChildKind, MarkOption } from '../../../src/common/questions';
import { CHILD_KINDS } from '../../../src/common/questions';

export type Random = () => number;

/** mulberry32: the same numbers for the same seed. */
export function random(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (rnd: Random, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
const pick = <T = Def>(rnd: Random, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
export function permutation<T = Def>(rnd: Random, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
const subset = <T = Def>(rnd: Random, list: readonly T[]) => list.filter(() => rnd() < 0.5);

/** Ids as an author might choose them, made unmistakable: AUTHORr1, AUTHORr2, ... */
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `AUTHOR${prefix}${i + 1}`);
const texts = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word} ${i + 1}`);

/** A generated definition: every field the builders below write (which ones a definition has depends on its kind). */
interface Def {
  options?: { id: string; text: string; correct: boolean }[];
  correct?: boolean;
  max_words?: number;
  max_duration_seconds?: number;
  blanks?: { id: string; before: string; after: string; answer: string; options?: string[] }[];
  items?: { id: string; text: string }[];
  pairs?: { id: string; left: string; right_id: string; right: string }[];
  categories?: { id: string; name: string; options: { id: string; text: string }[] }[];
  passage?: string;
  children?: { id: string; kind: ChildKind; text: string; mark: number; mark_option: MarkOption; definition: Def }[];
}

const builders: Record<ChildKind, (rnd: Random) => Def> = {
  single_choice: (rnd) => {
    const n = between(rnd, 2, 6);
    const right = between(rnd, 0, n - 1);
    return { options: ids('o', n).map((id, i) => ({ id, text: `option ${i}`, correct: i === right })) };
  },
  multiple_choice: (rnd) => {
    const n = between(rnd, 2, 6);
    const right = between(rnd, 0, n - 1);
    return { options: ids('m', n).map((id, i) => ({ id, text: `choice ${i}`, correct: i === right || rnd() < 0.4 })) };
  },
  true_false: (rnd) => ({ correct: rnd() < 0.5 }),
  essay: (rnd) => ({ max_words: between(rnd, 5, 500) }),
  audio_response: (rnd) => ({ max_duration_seconds: between(rnd, 5, 300) }),
  fill_blanks: (rnd) => ({
    blanks: ids('b', between(rnd, 1, 4)).map((id, i) => {
      const answer = `word${i}`;
      return rnd() < 0.5
        ? { id, before: `before ${i}`, after: `after ${i}`, answer }
        : {
            id,
            before: `before ${i}`,
            after: '',
            answer,
            options: [answer, ...texts(`other${i}`, between(rnd, 1, 4))],
          };
    }),
  }),
  reordering: (rnd) => ({ items: ids('r', between(rnd, 2, 6)).map((id, i) => ({ id, text: `item ${i}` })) }),
  matching: (rnd) => ({
    pairs: ids('p', between(rnd, 2, 6)).map((id, i) => ({
      id,
      left: `left ${i}`,
      right_id: `AUTHORw${i + 1}`,
      right: `right ${i}`,
    })),
  }),
  categorizing: (rnd) => {
    let option = 0;
    return {
      categories: ids('c', between(rnd, 2, 4)).map((id, i) => ({
        id,
        name: `category ${i}`,
        options: Array.from({ length: between(rnd, 1, 3) }, () => {
          option++;
          return { id: `AUTHORn${option}`, text: `thing ${option}` };
        }),
      })),
    };
  },
};

/** A valid definition of `kind`; a paragraph's related questions repeat each other's ids on purpose. */
export function definitionOf(kind: AnswerKind, rnd: Random): Def {
  if (kind !== 'paragraph') return builders[kind](rnd);
  return {
    passage: '<p>Read.</p>',
    children: ids('k', between(rnd, 1, 3)).map((id, i) => {
      const childKind = pick(rnd, CHILD_KINDS);
      return {
        id,
        kind: childKind,
        text: `question ${i}`,
        mark: between(rnd, 1, 5),
        mark_option: rnd() < 0.5 ? 'partial' : 'all_or_nothing',
        definition: builders[childKind](rnd),
      };
    }),
  };
}

/** A random answer to a definition, in the author's ids: right, wrong or partly right, maybe incomplete. */
export function answerOf(kind: AnswerKind, def: Def, rnd: Random): unknown {
  switch (kind) {
    case 'single_choice':
      return { option_id: pick(rnd, def.options!).id };
    case 'multiple_choice':
      return { option_ids: subset(rnd, def.options!).map((o) => o.id) };
    case 'true_false':
      return { value: rnd() < 0.5 };
    case 'essay':
      return { text: 'Some words here.' };
    case 'audio_response':
      return { media: 'media/0a1b2c.webm', duration_seconds: 3 };
    case 'fill_blanks':
      return {
        blanks: Object.fromEntries(
          subset(rnd, def.blanks!).map((b) => [b.id, b.options ? pick(rnd, b.options) : rnd() < 0.5 ? b.answer : 'x']),
        ),
      };
    case 'reordering':
      return { order: permutation(rnd, def.items!).map((it) => it.id) };
    case 'matching':
      return {
        matches: Object.fromEntries(def.pairs!.map((p) => [p.id, rnd() < 0.2 ? null : pick(rnd, def.pairs!).right_id])),
      };
    case 'categorizing':
      return {
        placements: Object.fromEntries(
          def.categories!.flatMap((c) => c.options.map((o) => [o.id, pick(rnd, def.categories!).id])),
        ),
      };
    case 'paragraph':
      return {
        children: Object.fromEntries(
          subset(rnd, def.children!).map((c) => [c.id, answerOf(c.kind, c.definition, rnd)]),
        ),
      };
  }
}

/** Every author id of a definition (ids, right ids), at any depth. */
export function authorIdsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string' && value.startsWith('AUTHOR')) found.add(value);
  else if (Array.isArray(value)) value.forEach((entry) => authorIdsIn(entry, found));
  else if (value && typeof value === 'object')
    for (const [key, entry] of Object.entries(value)) {
      authorIdsIn(key, found);
      authorIdsIn(entry, found);
    }
  return found;
}
