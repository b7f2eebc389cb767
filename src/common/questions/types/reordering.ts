import { z } from 'zod';
import { QM } from '../../../../schemas/parts/question-messages';
import { QUESTION_LIMITS } from '../../../../schemas/parts/question-limits';
import { answerId, list, reportDuplicateIds, reportDuplicateTexts, richText, strictShape } from '../schema-parts';
import { isBlankField } from '../answer-input';
import { partsFraction } from '../score-result';
import { studentOrder } from '../student-order';
import { renameEach, renameField, renameList } from '../rename-parts';
import { defineAnswerType } from './define';

const item = strictShape({ id: answerId, text: richText() });

/** At most this many other orders are accepted (a sentence Arabic writes verb first or subject first). */
export const MAX_OTHER_ORDERS = 5;

/**
 * Items listed in their correct order, and other orders that are right too (`also_accepted`, each
 * every item's id once, none the same as the items' order or another): "يقرأ أحمدُ قصةً" and
 * "أحمدُ يقرأ قصةً" are one sentence.
 */
const definition = strictShape({
  items: list(item, 2, QM.minTwoItems, QUESTION_LIMITS.items),
  also_accepted: z
    .array(z.array(answerId).max(QUESTION_LIMITS.items, { error: QM.tooMany }))
    .max(MAX_OTHER_ORDERS, { error: QM.tooMany })
    .optional(),
}).superRefine((def, ctx) => {
  reportDuplicateIds(
    ctx,
    def.items.map((it, i) => ({ id: it.id, path: ['items', i] })),
  );
  reportDuplicateTexts(
    ctx,
    def.items.map((it, i) => ({ text: it.text, path: ['items', i, 'text'] })),
    QM.duplicateItems,
  );
  const ids = def.items.map((it) => it.id);
  const seen = new Set([ids.join(' ')]);
  (def.also_accepted ?? []).forEach((order, i) => {
    const permutation =
      order.length === ids.length && new Set(order).size === ids.length && order.every((id) => ids.includes(id));
    if (!permutation) ctx.addIssue({ code: 'custom', message: QM.orderNotPermutation, path: ['also_accepted', i] });
    else if (seen.has(order.join(' ')))
      ctx.addIssue({ code: 'custom', message: QM.orderRepeated, path: ['also_accepted', i] });
    seen.add(order.join(' '));
  });
});

/** Every accepted order: the items' own, then the others. */
export const acceptedOrders = (def: ReorderingDefinition): string[][] => [
  def.items.map((it) => it.id),
  ...(def.also_accepted ?? []),
];

const answer = z.strictObject({ order: z.array(answerId).max(QUESTION_LIMITS.items) });

export type ReorderingDefinition = z.infer<typeof definition>;
export type ReorderingAnswer = z.infer<typeof answer>;

/**
 * Reordering: the answer lists every item id once. all_or_nothing: the whole order one of the
 * accepted ones; partial: the share of items in their position, by the accepted order the answer
 * comes closest to. Anything but a permutation of the items (missing, repeated or unknown ids) is
 * malformed.
 */
export const reordering = defineAnswerType({
  kind: 'reordering',
  manual: false,
  definition,
  answer,
  studentView: (def: ReorderingDefinition, shuffle) => ({
    // The order a student starts from is none of the accepted ones (else it is an answer as it stands).
    items: studentOrder(def.items, shuffle, {
      salt: 'items',
      reveals: (order) => acceptedOrders(def).some((accepted) => accepted.every((id, i) => order[i]?.id === id)),
    }).map(({ id, text }) => ({ id, text })),
  }),
  isEmpty: (value) => isBlankField(value, 'order'),
  fits: (def, value) => {
    const known = new Set(def.items.map((it) => it.id));
    return (
      value.order.length === known.size &&
      new Set(value.order).size === known.size &&
      value.order.every((id) => known.has(id))
    );
  },
  grade: (def, value, markOption) => {
    const placed = Math.max(
      ...acceptedOrders(def).map((order) => order.filter((id, i) => value.order[i] === id).length),
    );
    return partsFraction(placed, def.items.length, markOption);
  },
  ids: {
    list: (def) => def.items.map((it) => it.id),
    definition: (def, rename) => ({
      ...def,
      items: renameEach(def.items, rename),
      ...(def.also_accepted
        ? { also_accepted: def.also_accepted.map((order) => renameList(order, rename) as string[]) }
        : {}),
    }),
    answer: (value, rename) => renameField(value, 'order', (order) => renameList(order, rename)),
  },
});
