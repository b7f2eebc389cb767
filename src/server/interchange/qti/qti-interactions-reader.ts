import type { Element } from '@xmldom/xmldom';
import type { AnswerKind } from '../../../../schemas/parts/question-kinds';
import { QUESTION_LIMITS } from '../../../../schemas/parts/question-limits';
import type { ItemProblem } from '../interchange-item';
import { serializeNodes, textOf } from '../markup';
import { attr, hasClass, qtiChildren, qtiDescendants } from './qti-dom';
import type { Response } from './qti-responses';
import { otherOrders } from './qti-other-orders';
import { LTM_CLASS, LTM_LIMIT, limitOf } from './qti-vocabulary';

/** What an interaction becomes: a kind and its answer key, or problems. */
export interface ReadAnswer {
  kind?: Exclude<AnswerKind, 'paragraph'>;
  key?: unknown;
  problems: ItemProblem[];
  notes: ItemProblem[];
}

export interface ReadContext {
  responses: Map<string, Response>;
  /** A part id for a QTI identifier: kept from packages made here, a fresh random one otherwise. */
  id: (identifier: string) => string;
  /** An element's content as HTML. */
  html: (el: Element) => string;
}

const problem = (key: string, params?: ItemProblem['params']): ItemProblem => ({
  key: `interchange.problems.${key}`,
  ...(params ? { params } : {}),
});
const failed = (key: string, params?: ItemProblem['params']): ReadAnswer => ({
  problems: [problem(key, params)],
  notes: [],
});
const read = (kind: ReadAnswer['kind'], key: unknown, notes: ItemProblem[] = []): ReadAnswer => ({
  kind,
  key,
  problems: [],
  notes,
});

const responseOf = (interaction: Element, ctx: ReadContext) =>
  ctx.responses.get(attr(interaction, 'response-identifier') ?? '');

/** Choice: true/false when its two choices are true and false; single or multiple by its cardinality. */
export function readChoice(interaction: Element, ctx: ReadContext): ReadAnswer {
  const response = responseOf(interaction, ctx);
  const choices = qtiChildren(interaction, 'qti-simple-choice');
  const correct = new Set(response?.correct ?? []);
  const ids = choices.map((c) => attr(c, 'identifier') ?? '');
  const single = (response?.cardinality ?? 'single') === 'single' || attr(interaction, 'max-choices') === '1';
  const isTrueFalse =
    hasClass(interaction, LTM_CLASS.trueFalse) ||
    (single &&
      ids.length === 2 &&
      ids
        .map((i) => i.toLowerCase())
        .sort()
        .join() === 'false,true');
  if (isTrueFalse) {
    const right = [...correct][0]?.toLowerCase();
    return right === 'true' || right === 'false'
      ? read('true_false', { correct: right === 'true' })
      : failed('choice_key');
  }
  const options = choices.map((c, i) => ({ id: ctx.id(ids[i]), text: ctx.html(c), correct: correct.has(ids[i]) }));
  if (single && options.filter((o) => o.correct).length !== 1) return failed('choice_key');
  if (!options.some((o) => o.correct)) return failed('choice_key');
  return read(single ? 'single_choice' : 'multiple_choice', { options });
}

/** Order: the items in their correct order. */
export function readOrder(interaction: Element, ctx: ReadContext & { ours?: boolean }): ReadAnswer {
  const choices = new Map(qtiChildren(interaction, 'qti-simple-choice').map((c) => [attr(c, 'identifier') ?? '', c]));
  const order = responseOf(interaction, ctx)?.correct ?? [];
  if (order.length < 2 || order.some((id) => !choices.has(id))) return failed('order_key');
  const notes = [...choices.keys()].filter((id) => !order.includes(id));
  // Other accepted orders as packages made here write them: another tool's order rules may be
  // feedback or partial credit for a wrong order, never read as right.
  const others = ctx.ours ? otherOrders(interaction, attr(interaction, 'response-identifier') ?? '', order) : [];
  return read(
    'reordering',
    {
      items: order.map((id) => ({ id: ctx.id(id), text: ctx.html(choices.get(id)!) })),
      ...(others.length ? { also_accepted: others.map((other) => other.map((id) => ctx.id(id))) } : {}),
    },
    notes.length
      ? [problem('distractors_dropped', { answers: notes.map((id) => textOf(choices.get(id))).join(', ') })]
      : [],
  );
}

const pairsOf = (response: Response | undefined) =>
  (response?.correct ?? []).map((v) => v.split(/\s+/)).filter((p): p is [string, string] => p.length === 2);

/**
 * Match: categorizing when a target takes several sources (or packages made here say so), else
 * matching pair by pair. Associate: matching, each correct pair's first choice on the left.
 */
export function readMatch(interaction: Element, ctx: ReadContext, associate = false): ReadAnswer {
  const sets = associate ? [interaction] : qtiChildren(interaction, 'qti-simple-match-set');
  const choices = new Map(
    sets
      .flatMap((set) => qtiChildren(set, 'qti-simple-associable-choice'))
      .map((c) => [attr(c, 'identifier') ?? '', c]),
  );
  const pairs = pairsOf(responseOf(interaction, ctx));
  if (pairs.length < 2 || pairs.some(([a, b]) => !choices.has(a) || !choices.has(b))) return failed('match_key');
  const sources = pairs.map(([a]) => a);
  const targets = pairs.map(([, b]) => b);
  const used = new Set([...sources, ...targets]);
  const unused = [...choices.keys()].filter((id) => !used.has(id));
  const notes = unused.length
    ? [problem('distractors_dropped', { answers: unused.map((id) => textOf(choices.get(id))).join(', ') })]
    : [];
  const text = (id: string) => ctx.html(choices.get(id)!);
  const categorizing =
    !associate && (hasClass(interaction, LTM_CLASS.categorizing) || new Set(targets).size < targets.length);
  if (categorizing) {
    if (new Set(sources).size !== sources.length) return failed('match_key');
    const categories = [...new Set(targets)].map((target) => ({
      id: ctx.id(target),
      name: text(target),
      options: pairs.filter(([, b]) => b === target).map(([a]) => ({ id: ctx.id(a), text: text(a) })),
    }));
    return read('categorizing', { categories }, notes);
  }
  if (new Set(sources).size !== sources.length || new Set(targets).size !== targets.length) return failed('match_key');
  return read(
    'matching',
    { pairs: pairs.map(([a, b]) => ({ id: ctx.id(a), left: text(a), right_id: ctx.id(b), right: text(b) })) },
    notes,
  );
}

export function readExtendedText(interaction: Element): ReadAnswer {
  const said = limitOf(interaction, LTM_LIMIT.maxWords, 'data-max-words');
  const length = Number(attr(interaction, 'expected-length'));
  const words = said ?? (length > 0 ? Math.ceil(length / 6) : 500);
  return read('essay', { max_words: Math.min(words, QUESTION_LIMITS.maxWords) });
}

export function readUpload(interaction: Element): ReadAnswer {
  const type = attr(interaction, 'type') ?? '';
  const notes = type.startsWith('audio/') ? [] : [problem('upload_as_audio', { type: type || '*' })];
  const seconds = limitOf(interaction, LTM_LIMIT.maxDuration, 'data-max-duration') ?? 120;
  return read('audio_response', { max_duration_seconds: Math.min(seconds, QUESTION_LIMITS.maxDurationSeconds) }, notes);
}

/** Every interaction name this reader knows; any other makes the item unsupported. */
export const BLOCK_INTERACTIONS = new Set([
  'qti-choice-interaction',
  'qti-order-interaction',
  'qti-match-interaction',
  'qti-associate-interaction',
  'qti-extended-text-interaction',
  'qti-upload-interaction',
  'qti-gap-match-interaction',
]);
export const INLINE_INTERACTIONS = new Set(['qti-text-entry-interaction', 'qti-inline-choice-interaction']);

export const interactionsIn = (body: Element) =>
  qtiDescendants(body, (name) => name.endsWith('-interaction') && name.startsWith('qti-'));

/** An element's content as HTML without the elements `skip` names. */
export const htmlWithout = (el: Element, skip: (e: Element) => boolean) =>
  serializeNodes(el.firstChild, { selfClose: false, skip });
