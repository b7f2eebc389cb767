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

/** Items listed in their correct order. */
const definition = strictShape({ items: list(item, 2, QM.minTwoItems, QUESTION_LIMITS.items) }).superRefine(
  (def, ctx) => {
    reportDuplicateIds(
      ctx,
      def.items.map((it, i) => ({ id: it.id, path: ['items', i] })),
    );
    reportDuplicateTexts(
      ctx,
      def.items.map((it, i) => ({ text: it.text, path: ['items', i, 'text'] })),
      QM.duplicateItems,
    );
  },
);

const answer = z.strictObject({ order: z.array(answerId).max(QUESTION_LIMITS.items) });

export type ReorderingDefinition = z.infer<typeof definition>;
export type ReorderingAnswer = z.infer<typeof answer>;

/**
 * Reordering: the answer lists every item id once. all_or_nothing: the whole order right;
 * partial: the share of items in their correct position. Anything but a permutation of the
 * items (missing, repeated or unknown ids) is malformed.
 */
export const reordering = defineAnswerType({
  kind: 'reordering',
  manual: false,
  definition,
  answer,
  studentView: (def: ReorderingDefinition, shuffle) => ({
    items: studentOrder(def.items, shuffle, { salt: 'items' }).map(({ id, text }) => ({ id, text })),
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
  grade: (def, value, markOption) =>
    partsFraction(def.items.filter((it, i) => value.order[i] === it.id).length, def.items.length, markOption),
  ids: {
    list: (def) => def.items.map((it) => it.id),
    definition: (def, rename) => ({ ...def, items: renameEach(def.items, rename) }),
    answer: (value, rename) => renameField(value, 'order', (order) => renameList(order, rename)),
  },
});
