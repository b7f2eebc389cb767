import type { AnswerDefinitions } from '../../../common/questions/definitions';
import type { AnswerKind, MarkOption } from '../../../../schemas/parts/question-kinds';
import { element, escapeXml, htmlToXhtml } from '../markup';
import {
  addWhen,
  anyOf,
  entryIs,
  matchesOrder,
  scoreIsMaxOf,
  workingOutcome,
  LTM_CLASS,
  LTM_LIMIT,
  limitClass,
  mapping,
  matchesCorrect,
  partIdentifier as pid,
  processing,
  responseDeclaration,
  shares,
  sumOfMappings,
} from './qti-vocabulary';

/** What one answer definition becomes in an item: its declarations, its interactions and its scoring. */
export interface InteractionParts {
  declarations: string;
  body: string;
  processing: string;
  humanScored: boolean;
}

interface Scoring {
  mark: number;
  markOption: MarkOption;
  language: 'en' | 'ar';
}

const R = 'RESPONSE';
const rich = (html: string) => htmlToXhtml(html);
const TRUE_FALSE_LABELS = { en: ['True', 'False'], ar: ['صح', 'خطأ'] } as const;

/** all or nothing: the mark when the response is the correct one; partial: the response's mapping. */
const matchOrMap = (scoring: Scoring) =>
  processing(scoring.markOption === 'partial' ? sumOfMappings([R]) : addWhen(matchesCorrect(R), scoring.mark));

function choice(def: AnswerDefinitions['multiple_choice'], scoring: Scoring, multiple: boolean): InteractionParts {
  const correct = def.options.filter((o) => o.correct).map((o) => pid(o.id));
  const wrong = def.options.filter((o) => !o.correct).map((o) => pid(o.id));
  // Each right choice is worth its share, each wrong one takes a share back: the partial rule of multiple choice.
  const each = scoring.mark / Math.max(1, correct.length);
  const map = mapping(
    [
      ...correct.map((id) => [id, each] as [string, number]),
      ...wrong.map((id) => [id, multiple ? -each : 0] as [string, number]),
    ],
    scoring.mark,
  );
  return {
    declarations: responseDeclaration(
      R,
      multiple ? 'multiple' : 'single',
      'identifier',
      correct,
      scoring.markOption === 'partial' ? map : '',
    ),
    body: element(
      'qti-choice-interaction',
      { 'response-identifier': R, 'max-choices': multiple ? 0 : 1, shuffle: 'false' },
      def.options.map((o) => element('qti-simple-choice', { identifier: pid(o.id) }, rich(o.text))),
    ),
    processing: matchOrMap(scoring),
    humanScored: false,
  };
}

function trueFalse(def: AnswerDefinitions['true_false'], scoring: Scoring): InteractionParts {
  const [yes, no] = TRUE_FALSE_LABELS[scoring.language];
  const right = def.correct ? 'true' : 'false';
  return {
    declarations: responseDeclaration(
      R,
      'single',
      'identifier',
      [right],
      scoring.markOption === 'partial' ? mapping([[right, scoring.mark]], scoring.mark) : '',
    ),
    body: element(
      'qti-choice-interaction',
      { 'response-identifier': R, 'max-choices': 1, shuffle: 'false', class: LTM_CLASS.trueFalse },
      element('qti-simple-choice', { identifier: 'true' }, escapeXml(yes)) +
        element('qti-simple-choice', { identifier: 'false' }, escapeXml(no)),
    ),
    processing: matchOrMap(scoring),
    humanScored: false,
  };
}

const humanScored = (declaration: string, body: string): InteractionParts => ({
  declarations: declaration,
  body,
  processing: '',
  humanScored: true,
});

/** A blank without options is a text entry; with options, an inline choice. One response per blank. */
function fillBlanks(def: AnswerDefinitions['fill_blanks'], scoring: Scoring): InteractionParts {
  const points = shares(scoring.mark, def.blanks.length);
  const partial = scoring.markOption === 'partial';
  const parts = def.blanks.map((blank, i) => {
    const response = `${R}${pid(blank.id)}`;
    if (!blank.options) {
      return {
        response,
        declaration: responseDeclaration(
          response,
          'single',
          'string',
          [blank.answer],
          partial ? mapping([[blank.answer, points[i]]], points[i], { caseSensitive: false }) : '',
        ),
        interaction: element('qti-text-entry-interaction', {
          'response-identifier': response,
          'expected-length': Math.max(5, blank.answer.length),
        }),
      };
    }
    const ids = blank.options.map((_, k) => `${pid(blank.id)}_${k + 1}`);
    const right = ids[blank.options.indexOf(blank.answer)] ?? ids[0];
    return {
      response,
      declaration: responseDeclaration(
        response,
        'single',
        'identifier',
        [right],
        partial ? mapping([[right, points[i]]], points[i]) : '',
      ),
      interaction: element(
        'qti-inline-choice-interaction',
        { 'response-identifier': response, shuffle: 'false' },
        blank.options.map((text, k) => element('qti-inline-choice', { identifier: ids[k] }, escapeXml(text))),
      ),
    };
  });
  const body = def.blanks
    .map((blank, i) =>
      element('p', { class: LTM_CLASS.blank }, escapeXml(blank.before) + parts[i].interaction + escapeXml(blank.after)),
    )
    .join('');
  const rules = partial
    ? sumOfMappings(parts.map((p) => p.response))
    : addWhen(
        parts.length === 1
          ? matchesCorrect(parts[0].response)
          : element(
              'qti-and',
              {},
              parts.map((p) => matchesCorrect(p.response)),
            ),
        scoring.mark,
      );
  return {
    declarations: parts.map((p) => p.declaration).join(''),
    body,
    processing: processing(rules),
    humanScored: false,
  };
}

/**
 * A reordering: its items' order is the correct response (shuffled for the candidate); partial, a
 * share per item in its place. Other accepted orders (issue 41) score
 * as the product does: all or nothing, the mark for any of them; partial, each order's share of
 * items in place counted apart (ORDER_n) and the best of them kept.
 */
function reordering(def: AnswerDefinitions['reordering'], scoring: Scoring): InteractionParts {
  const ids = def.items.map((it) => pid(it.id));
  const points = shares(scoring.mark, ids.length);
  const others = (def.also_accepted ?? []).map((order) => order.map(pid));
  const partial = scoring.markOption === 'partial';
  // One order: SCORE itself; several: each order's own outcome, SCORE the best of them.
  const outcomes = others.length > 0 ? [ids, ...others].map((_, k) => `ORDER_${k + 1}`) : [];
  const inPlace = (order: string[], outcome?: string) =>
    order.map((id, i) => addWhen(entryIs(R, i + 1, id), points[i], outcome)).join('');
  const rules = partial
    ? others.length > 0
      ? [ids, ...others].map((order, k) => inPlace(order, outcomes[k])).join('') + scoreIsMaxOf(outcomes)
      : inPlace(ids)
    : addWhen(anyOf([matchesCorrect(R), ...others.map((order) => matchesOrder(R, order))]), scoring.mark);
  return {
    declarations: responseDeclaration(R, 'ordered', 'identifier', ids) + outcomes.map(workingOutcome).join(''),
    body: element(
      'qti-order-interaction',
      { 'response-identifier': R, shuffle: 'true' },
      def.items.map((it) => element('qti-simple-choice', { identifier: pid(it.id) }, rich(it.text))),
    ),
    processing: processing(rules),
    humanScored: false,
  };
}

function matchSets(left: string, right: string, attributes: Record<string, string | undefined>) {
  return element(
    'qti-match-interaction',
    { 'response-identifier': R, shuffle: 'true', 'max-associations': 0, ...attributes },
    [element('qti-simple-match-set', {}, left), element('qti-simple-match-set', {}, right)],
  );
}

function directedPairs(pairs: string[], scoring: Scoring, body: string): InteractionParts {
  const points = shares(scoring.mark, pairs.length);
  return {
    declarations: responseDeclaration(
      R,
      'multiple',
      'directedPair',
      pairs,
      scoring.markOption === 'partial'
        ? mapping(
            pairs.map((p, i) => [p, points[i]]),
            scoring.mark,
          )
        : '',
    ),
    body,
    processing: matchOrMap(scoring),
    humanScored: false,
  };
}

function matching(def: AnswerDefinitions['matching'], scoring: Scoring): InteractionParts {
  const choice = (id: string, html: string) =>
    element('qti-simple-associable-choice', { identifier: pid(id), 'match-max': 1 }, rich(html));
  return directedPairs(
    def.pairs.map((p) => `${pid(p.id)} ${pid(p.right_id)}`),
    scoring,
    matchSets(
      def.pairs.map((p) => choice(p.id, p.left)).join(''),
      def.pairs.map((p) => choice(p.right_id, p.right)).join(''),
      {},
    ),
  );
}

/** Options matched to categories: each option once, a category any number of times. */
function categorizing(def: AnswerDefinitions['categorizing'], scoring: Scoring): InteractionParts {
  const options = def.categories.flatMap((c) => c.options.map((o) => ({ ...o, category: c.id })));
  return directedPairs(
    options.map((o) => `${pid(o.id)} ${pid(o.category)}`),
    scoring,
    matchSets(
      options
        .map((o) => element('qti-simple-associable-choice', { identifier: pid(o.id), 'match-max': 1 }, rich(o.text)))
        .join(''),
      def.categories
        .map((c) => element('qti-simple-associable-choice', { identifier: pid(c.id), 'match-max': 0 }, rich(c.name)))
        .join(''),
      { class: LTM_CLASS.categorizing },
    ),
  );
}

/** Every kind but paragraph, paired with its definition (a paragraph is a stimulus with one item per related question). */
export type ChildAnswer = {
  [K in Exclude<AnswerKind, 'paragraph'>]: { kind: K; definition: AnswerDefinitions[K] };
}[Exclude<AnswerKind, 'paragraph'>];

/** The interactions of an answer of any kind but paragraph. */
export function interactionParts(answer: ChildAnswer, scoring: Scoring): InteractionParts {
  switch (answer.kind) {
    case 'single_choice':
      return choice(answer.definition, scoring, false);
    case 'multiple_choice':
      return choice(answer.definition, scoring, true);
    case 'true_false':
      return trueFalse(answer.definition, scoring);
    case 'essay':
      return humanScored(
        responseDeclaration(R, 'single', 'string', []),
        element('qti-extended-text-interaction', {
          'response-identifier': R,
          format: 'xhtml',
          class: limitClass(LTM_LIMIT.maxWords, answer.definition.max_words),
        }),
      );
    case 'audio_response':
      return humanScored(
        responseDeclaration(R, 'single', 'file', []),
        element('qti-upload-interaction', {
          'response-identifier': R,
          type: 'audio/*',
          class: limitClass(LTM_LIMIT.maxDuration, answer.definition.max_duration_seconds),
        }),
      );
    case 'fill_blanks':
      return fillBlanks(answer.definition, scoring);
    case 'reordering':
      return reordering(answer.definition, scoring);
    case 'matching':
      return matching(answer.definition, scoring);
    case 'categorizing':
      return categorizing(answer.definition, scoring);
  }
}
