import { describe, expect, it } from 'vitest';
import { seededShuffle, studentOrder, studentView, type Shuffle } from '../../../src/common/questions';
import { between, definitionOf, permutation, random } from './generators';

/** Issue 23, "by position": the order a student sees never carries the key. */
const SEEDS = 2000;
const ids = (list: { id: string }[]) => list.map((entry) => entry.id);
// Half the draws as delivery shuffles (a seeded shuffle per attempt), half without (the preview's fixed order).
const shuffleFor = (seed: number): Shuffle | undefined => (seed % 2 ? seededShuffle(`attempt-${seed}`) : undefined);

describe('reordering, matching and categorizing', () => {
  it('never shows reordering items in their right order once there are three or more', () => {
    for (let seed = 0; seed < SEEDS; seed++) {
      const rnd = random(seed);
      const def = definitionOf('reordering', rnd) as { items: { id: string; text: string }[] };
      if (def.items.length < 3) def.items.push({ id: 'AUTHORr9', text: 'item 9' });
      const view = studentView('reordering', def, shuffleFor(seed)) as { items: { id: string }[] };
      expect(ids(view.items), `seed ${seed}`).not.toEqual(ids(def.items));
      expect([...ids(view.items)].sort()).toEqual([...ids(def.items)].sort());
    }
  });

  it('never starts a reordering in one of its other accepted orders either (issue 41)', () => {
    for (let seed = 0; seed < SEEDS; seed++) {
      const rnd = random(seed);
      const def = definitionOf('reordering', rnd) as {
        items: { id: string; text: string }[];
        also_accepted?: string[][];
      };
      if (def.items.length < 3) def.items.push({ id: 'AUTHORr9', text: 'item 9' });
      const own = ids(def.items);
      // Two other orders: the first two swapped, and the whole reversed.
      def.also_accepted = [[own[1], own[0], ...own.slice(2)], [...own].reverse()];
      const view = ids((studentView('reordering', def, shuffleFor(seed)) as { items: { id: string }[] }).items);
      for (const accepted of [own, ...def.also_accepted]) expect(view, `seed ${seed}`).not.toEqual(accepted);
    }
  });

  it('never shows matching rights in the order of their lefts once there are three or more', () => {
    for (let seed = 0; seed < SEEDS; seed++) {
      const def = definitionOf('matching', random(seed)) as { pairs: { right_id: string }[] };
      const view = studentView('matching', def, shuffleFor(seed)) as { rights: { id: string }[] };
      if (def.pairs.length >= 3) expect(ids(view.rights), `seed ${seed}`).not.toEqual(def.pairs.map((p) => p.right_id));
    }
  });

  it('never lists categorizing options category by category once there are three or more', () => {
    for (let seed = 0; seed < SEEDS; seed++) {
      const def = definitionOf('categorizing', random(seed)) as {
        categories: { id: string; options: { id: string }[] }[];
      };
      const categoryOf = new Map(def.categories.flatMap((c, i) => c.options.map((o) => [o.id, i] as const)));
      const view = studentView('categorizing', def, shuffleFor(seed)) as { options: { id: string }[] };
      if (view.options.length < 3) continue;
      const indexes = view.options.map((o) => categoryOf.get(o.id)!);
      const grouped = indexes.every((index, i) => i === 0 || indexes[i - 1]! <= index);
      expect(grouped, `seed ${seed}: ${indexes.join(',')}`).toBe(false);
    }
  });

  it('draws every other order equally often (no order made more likely by avoiding the key)', () => {
    const key = ['a', 'b', 'c'].map((id) => ({ id }));
    const counts = new Map<string, number>();
    for (let seed = 0; seed < 6000; seed++) {
      const order = ids(studentOrder(key, seededShuffle(`s${seed}`))).join('');
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect(counts.has('abc')).toBe(false);
    expect(counts.size).toBe(5);
    for (const [order, count] of counts) expect(count / 6000, order).toBeGreaterThan(0.17);
  });

  it('shows either order of two entries (forbidding the right one would tell it)', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 200; seed++)
      seen.add(ids(studentOrder([{ id: 'x' }, { id: 'y' }], seededShuffle(`t${seed}`))).join(''));
    expect(seen).toEqual(new Set(['xy', 'yx']));
  });

  it('shows the same order for the same seed, whichever order the author typed the items in', () => {
    for (let seed = 0; seed < 300; seed++) {
      const rnd = random(seed);
      const items = Array.from({ length: between(rnd, 3, 7) }, (_, i) => ({ id: `AUTHORr${i}`, text: `t${i}` }));
      const shuffle = seededShuffle(`attempt-${seed}`);
      const first = ids((studentView('reordering', { items }, shuffle) as { items: { id: string }[] }).items);
      const typed = permutation(rnd, items);
      const again = ids((studentView('reordering', { items: typed }, shuffle) as { items: { id: string }[] }).items);
      // The same, unless the seed's first draw was one of the two keys (then another is drawn).
      const draw = ids(
        shuffle(
          [...items].sort((a, b) => (a.id < b.id ? -1 : 1)),
          'items',
        ),
      ).join();
      if (draw !== ids(items).join() && draw !== ids(typed).join()) expect(again, `seed ${seed}`).toEqual(first);
      else expect(again.join() === first.join()).toBe(draw === ids(items).join() && draw === ids(typed).join());
    }
  });
});

describe('fill in the blanks', () => {
  type Blank = { id: string; before: string; after: string; answer: string; options?: string[] };
  const blankOf = (options: string[]): Blank => ({ id: 'b1', before: 'x', after: 'y', answer: options[0]!, options });

  it('shows the options in the same neutral order whatever order the author typed them in', () => {
    for (let seed = 0; seed < SEEDS; seed++) {
      const rnd = random(seed);
      const options = Array.from({ length: between(rnd, 2, 6) }, (_, i) => `option ${(i * 7919 + seed) % 101}`);
      const unique = [...new Set(options)];
      if (unique.length < 2) continue;
      const view = (typed: string[]) =>
        (studentView('fill_blanks', { blanks: [{ ...blankOf(typed), answer: unique[0]! }] }) as { blanks: Blank[] })
          .blanks[0]!.options;
      expect(view(permutation(rnd, unique)), `seed ${seed}`).toEqual(view(unique));
    }
  });

  it('puts the right answer in every place equally often when delivery shuffles, even though it was typed first', () => {
    const places = [0, 0, 0, 0];
    for (let seed = 0; seed < 4000; seed++) {
      const view = studentView(
        'fill_blanks',
        { blanks: [blankOf(['right', 'wrong one', 'wrong two', 'wrong three'])] },
        seededShuffle(`attempt-${seed}`),
      ) as { blanks: Blank[] };
      places[view.blanks[0]!.options!.indexOf('right')]! += 1;
    }
    for (const count of places) expect(count / 4000).toBeGreaterThan(0.2);
  });

  it('shuffles each blank on its own', () => {
    const options = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    const def = {
      blanks: [
        { id: 'b1', before: '', after: '', answer: 'a1', options },
        { id: 'b2', before: '', after: '', answer: 'a1', options },
      ],
    };
    let differ = 0;
    for (let seed = 0; seed < 50; seed++) {
      const view = studentView('fill_blanks', def, seededShuffle(`s${seed}`)) as { blanks: Blank[] };
      if (view.blanks[0]!.options!.join() !== view.blanks[1]!.options!.join()) differ++;
    }
    expect(differ).toBeGreaterThan(40);
  });
});

describe('choices', () => {
  it('keeps the authored order, and shuffles it when the assignment shuffles choices', () => {
    const def = definitionOf('single_choice', random(1)) as { options: { id: string }[] };
    const plain = studentView('single_choice', def) as { options: { id: string }[] };
    expect(ids(plain.options)).toEqual(ids(def.options));
    const orders = new Set<string>();
    for (let seed = 0; seed < 100; seed++)
      orders.add(
        ids(
          (studentView('single_choice', def, seededShuffle(`s${seed}`)) as { options: { id: string }[] }).options,
        ).join(),
      );
    expect(orders.size).toBeGreaterThan(1);
  });
});
