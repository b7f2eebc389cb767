import { describe, expect, it } from 'vitest';
import { newAnswerId, parseQuestion, seededShuffle, studentQuestion, studentView } from '../../../src/common/questions';
import { copy, DEFINITIONS, KINDS, questionBody } from './fixtures';

const KEY_FIELDS = ['correct', 'answer', 'answers', 'answer_key', 'right_id', 'placements', 'matches', 'mark_option'];

function keysOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.push(key);
      keysOf(inner, into);
    }
  }
  return into;
}

describe('studentView', () => {
  it.each(KINDS)('%s: has no key field anywhere', (kind) => {
    const view = studentView(kind, DEFINITIONS[kind]);
    const json = JSON.stringify(view);
    expect(keysOf(JSON.parse(json)).filter((key) => KEY_FIELDS.includes(key))).toEqual([]);
    expect(json).not.toMatch(/"correct"|"answer"/);
  });

  it('keeps option ids and texts for choices', () => {
    expect(studentView('single_choice', DEFINITIONS.single_choice)).toEqual({
      options: DEFINITIONS.single_choice.options.map(({ id, text }) => ({ id, text })),
    });
    expect(studentView('true_false', DEFINITIONS.true_false)).toEqual({});
  });

  it('fill in the blanks: shows the options but never a typed answer', () => {
    const json = JSON.stringify(studentView('fill_blanks', DEFINITIONS.fill_blanks));
    for (const answer of ['Cairo', 'أحمدُ', '١٢']) expect(json).not.toContain(answer);
    // Sorted, not in the author's order (which started with the answer): see key-order.test.ts.
    expect(json).toContain('"options":["blue","red"]');
  });

  it('shows a fixed order that depends on which entries there are, not on the key order', () => {
    const items = copy(DEFINITIONS.reordering);
    const reversed = { items: [...items.items].reverse() };
    const view = studentView('reordering', items) as { items: { id: string }[] };
    expect(studentView('reordering', reversed)).toEqual(view);
    expect(view.items.map((i) => i.id).sort()).toEqual(['i1', 'i2', 'i3', 'i4']);

    const moved = copy(DEFINITIONS.categorizing);
    moved.categories[0].options.push(moved.categories[1].options.pop()!);
    type CategorizingView = { options: { id: string; text: string }[] };
    expect((studentView('categorizing', moved) as CategorizingView).options).toEqual(
      (studentView('categorizing', DEFINITIONS.categorizing) as CategorizingView).options,
    );
  });

  it('matching: identifies rights by their own ids, never by the pair id', () => {
    const view = studentView('matching', DEFINITIONS.matching) as { lefts: { id: string }[]; rights: { id: string }[] };
    expect(view.lefts.map((l) => l.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(view.rights.map((r) => r.id).sort()).toEqual(['r1', 'r4', 'r7', 'r9']);
  });

  it('uses the shuffle delivery passes', () => {
    const reverse = <T>(list: readonly T[]) => [...list].reverse();
    expect(
      (studentView('reordering', DEFINITIONS.reordering, reverse) as { items: { id: string }[] }).items.map(
        (i) => i.id,
      ),
    ).toEqual(['i4', 'i3', 'i2', 'i1']);
  });

  it('paragraph: shows the passage and each child view, without keys', () => {
    const view = studentView('paragraph', DEFINITIONS.paragraph) as {
      passage: string;
      children: { id: string; kind: string; mark: number; view: unknown }[];
    };
    expect(view.passage).toBe(DEFINITIONS.paragraph.passage);
    expect(view.children.map((c) => [c.id, c.kind, c.mark])).toEqual([
      ['k1', 'single_choice', 2],
      ['k2', 'true_false', 1.5],
      ['k3', 'essay', 3],
    ]);
    expect(view.children[2].view).toEqual({ max_words: 50 });
  });

  it('throws on a definition that does not validate or an unknown kind', () => {
    expect(() => studentView('single_choice', { options: [] })).toThrow();
    expect(() => studentView('poll', {})).toThrow();
  });
});

describe('studentQuestion', () => {
  it('keeps what a student needs and drops the answer key', () => {
    const parsed = parseQuestion(questionBody());
    if (!parsed.success) throw new Error('fixture should be valid');
    const view = studentQuestion(parsed.data);
    expect(Object.keys(view).sort()).toEqual(
      [
        'answer_type',
        'content_language',
        'instruction_audio',
        'mark',
        'media',
        'media_alt',
        'media_replay_count',
        'media_type',
        'text',
        'view',
      ].sort(),
    );
    expect(JSON.stringify(view)).not.toContain('correct');
  });
});

describe('seededShuffle and newAnswerId', () => {
  it('shuffles the same way for the same seed, and keeps every entry', () => {
    const list = Array.from({ length: 20 }, (_, i) => i);
    const a = seededShuffle('exam-1:question-7')(list);
    expect(seededShuffle('exam-1:question-7')(list)).toEqual(a);
    expect(seededShuffle('exam-2:question-7')(list)).not.toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(list);
  });

  it('makes random, valid, distinct ids', () => {
    const ids = Array.from({ length: 200 }, newAnswerId);
    expect(new Set(ids).size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{1,12}$/);
  });
});
