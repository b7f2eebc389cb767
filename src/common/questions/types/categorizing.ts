import { z } from 'zod';
import { QM } from '../../../../schemas/parts/question-messages';
import { QUESTION_LIMITS } from '../../../../schemas/parts/question-limits';
import { answerId, list, reportDuplicateIds, reportDuplicateTexts, richText, strictShape } from '../schema-parts';
import { isBlankMap, keysWithin } from '../answer-input';
import { partsFraction } from '../score-result';
import { studentOrder } from '../student-order';
import { renameEach, renameField, renameKeys, renameString } from '../rename-parts';
import { defineAnswerType } from './define';

const option = strictShape({ id: answerId, text: richText() });
const category = strictShape({
  id: answerId,
  name: richText(),
  options: list(option, 1, QM.emptyCategory, QUESTION_LIMITS.categoryOptions),
});

/** At least two categories, none empty, no name twice, no option text twice in the question. */
const definition = strictShape({
  categories: list(category, 2, QM.minTwoCategories, QUESTION_LIMITS.categories),
}).superRefine((def, ctx) => {
  const options = def.categories.flatMap((c, i) =>
    c.options.map((o, j) => ({ ...o, path: ['categories', i, 'options', j] })),
  );
  if (options.length > QUESTION_LIMITS.categoryOptions)
    ctx.addIssue({ code: 'custom', message: QM.tooMany, path: ['categories'] });
  reportDuplicateIds(ctx, [...def.categories.map((c, i) => ({ id: c.id, path: ['categories', i] })), ...options]);
  reportDuplicateTexts(
    ctx,
    def.categories.map((c, i) => ({ text: c.name, path: ['categories', i, 'name'] })),
    QM.duplicateCategories,
  );
  reportDuplicateTexts(
    ctx,
    options.map((o) => ({ text: o.text, path: [...o.path, 'text'] })),
    QM.duplicateOptions,
  );
});

// A null value is an option the student has not placed yet.
const answer = z.strictObject({ placements: z.record(answerId, answerId.nullable()) });

export type CategorizingDefinition = z.infer<typeof definition>;
export type CategorizingAnswer = z.infer<typeof answer>;

/**
 * Categorizing: `placements` maps an option id to a category id. all_or_nothing: every option
 * in its category; partial: the share of options placed right. Unplaced options are wrong;
 * unknown option or category ids make the answer malformed.
 */
export const categorizing = defineAnswerType({
  kind: 'categorizing',
  manual: false,
  definition,
  answer,
  studentView: (def: CategorizingDefinition, shuffle) => {
    const categoryOf = new Map(def.categories.flatMap((c, index) => c.options.map((o) => [o.id, index] as const)));
    // Listed category by category (in any order within each), the options would show the placements.
    const grouped = (order: readonly { id: string }[]) =>
      order.every((o, i) => i === 0 || categoryOf.get(order[i - 1].id)! <= categoryOf.get(o.id)!);
    return {
      categories: def.categories.map(({ id, name }) => ({ id, name })),
      options: studentOrder(
        def.categories.flatMap((c) => c.options.map(({ id, text }) => ({ id, text }))),
        shuffle,
        { salt: 'options', reveals: grouped },
      ),
    };
  },
  isEmpty: (value) => isBlankMap(value, 'placements'),
  fits: (def, value) => {
    const options = new Set(def.categories.flatMap((c) => c.options.map((o) => o.id)));
    const categories = new Set(def.categories.map((c) => c.id));
    return (
      keysWithin(value.placements, options) &&
      Object.values(value.placements).every((c) => c === null || categories.has(c))
    );
  },
  grade: (def, value, markOption) => {
    const placed = def.categories.flatMap((c) =>
      c.options.map((o) => value.placements[o.id] === c.id && Object.hasOwn(value.placements, o.id)),
    );
    return partsFraction(placed.filter(Boolean).length, placed.length, markOption);
  },
  ids: {
    list: (def) => def.categories.flatMap((c) => [c.id, ...c.options.map((o) => o.id)]),
    definition: (def, rename) => ({
      ...def,
      categories: def.categories.map((c) => ({ ...c, id: rename(c.id), options: renameEach(c.options, rename) })),
    }),
    answer: (value, rename) =>
      renameField(value, 'placements', (placements) =>
        renameKeys(placements, rename, (category) => renameString(category, rename)),
      ),
  },
});
