import { z } from 'zod';
import { QM } from '../../../../schemas/parts/question-messages';
import { QUESTION_LIMITS } from '../../../../schemas/parts/question-limits';
import { answerId, list, reportDuplicateIds, reportDuplicateTexts, richText, strictShape } from '../schema-parts';
import { isBlankMap, keysWithin } from '../answer-input';
import { partsFraction } from '../score-result';
import { studentOrder } from '../student-order';
import { renameField, renameKeys, renameString } from '../rename-parts';
import { defineAnswerType } from './define';

/**
 * A pair: a left text and the right text it matches. The right side has its own id because a
 * student's browser sees both sides: were the right known by the pair's id, every left would
 * name its own match.
 */
const pair = strictShape({ id: answerId, left: richText(), right_id: answerId, right: richText() });

/** At least two pairs; no left text and no right text twice. */
const definition = strictShape({ pairs: list(pair, 2, QM.minTwoPairs, QUESTION_LIMITS.pairs) }).superRefine(
  (def, ctx) => {
    reportDuplicateIds(ctx, [
      ...def.pairs.map((p, i) => ({ id: p.id, path: ['pairs', i] })),
      ...def.pairs.map((p, i) => ({ id: p.right_id, path: ['pairs', i, 'right'] })),
    ]);
    reportDuplicateTexts(
      ctx,
      def.pairs.map((p, i) => ({ text: p.left, path: ['pairs', i, 'left'] })),
      QM.duplicatePairs,
    );
    reportDuplicateTexts(
      ctx,
      def.pairs.map((p, i) => ({ text: p.right, path: ['pairs', i, 'right'] })),
      QM.duplicatePairs,
    );
  },
);

// A null value is a left the student has not matched yet.
const answer = z.strictObject({ matches: z.record(answerId, answerId.nullable()) });

export type MatchingDefinition = z.infer<typeof definition>;
export type MatchingAnswer = z.infer<typeof answer>;

/**
 * Matching: `matches` maps a pair id (the left) to a right id. all_or_nothing: every pair
 * matched; partial: the share of pairs matched. One right may be chosen for several lefts (it
 * can only be right for one). Unknown left or right ids make the answer malformed.
 */
export const matching = defineAnswerType({
  kind: 'matching',
  manual: false,
  definition,
  answer,
  studentView: (def: MatchingDefinition, shuffle) => ({
    lefts: def.pairs.map((p) => ({ id: p.id, text: p.left })),
    // Rights in the order of their lefts would pair them by position.
    rights: studentOrder(
      def.pairs.map((p) => ({ id: p.right_id, text: p.right })),
      shuffle,
      { salt: 'rights' },
    ),
  }),
  isEmpty: (value) => isBlankMap(value, 'matches'),
  fits: (def, value) =>
    keysWithin(value.matches, new Set(def.pairs.map((p) => p.id))) &&
    Object.values(value.matches).every((r) => r === null || def.pairs.some((p) => p.right_id === r)),
  grade: (def, value, markOption) =>
    partsFraction(
      def.pairs.filter((p) => Object.hasOwn(value.matches, p.id) && value.matches[p.id] === p.right_id).length,
      def.pairs.length,
      markOption,
    ),
  ids: {
    list: (def) => def.pairs.flatMap((p) => [p.id, p.right_id]),
    definition: (def, rename) => ({
      ...def,
      pairs: def.pairs.map((p) => ({ ...p, id: rename(p.id), right_id: rename(p.right_id) })),
    }),
    answer: (value, rename) =>
      renameField(value, 'matches', (matches) => renameKeys(matches, rename, (right) => renameString(right, rename))),
  },
});
