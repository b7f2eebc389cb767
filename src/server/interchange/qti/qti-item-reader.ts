import { posix } from 'node:path';
import type { Document, Element } from '@xmldom/xmldom';
import { newAnswerId, QUESTION_LIMITS } from '../../../common/questions/index';
import { isBlankHtml } from '../../../common/questions/rich-text';
import { defaultBlanksInstruction, hasArabic } from '../moodle-text';
import {
  unsupportedItem,
  type InterchangeItem,
  type ItemProblem,
  type LookupField,
  type LookupName,
} from '../interchange-item';
import { serializeNodes, textOf } from '../markup';
import { readBlanks } from './qti-blanks-reader';
import { attr, hasClass, qtiChildren, qtiDescendants, qtiFirst, qtiName } from './qti-dom';
import { dropFeedback } from './qti-feedback';
import {
  BLOCK_INTERACTIONS,
  INLINE_INTERACTIONS,
  interactionsIn,
  readChoice,
  readExtendedText,
  readMatch,
  readOrder,
  readUpload,
  type ReadAnswer,
  type ReadContext,
} from './qti-interactions-reader';
import { markOf, markOptionOf, responsesOf, unequalWeights } from './qti-responses';
import { LTM_CLASS, LTM_LIMIT, limitOf, partIdFrom } from './qti-vocabulary';

/** An item read, and the stimulus it refers to (a path in the package), if any. */
export interface ReadQtiItem {
  item: InterchangeItem;
  stimulus?: string;
}

export interface ItemSource {
  /** The item's path in the package ('' for a single file). */
  path: string;
  /** Made here (the manifest names this tool): part identifiers and texts are kept exactly. */
  ours: boolean;
  metadata: Partial<Record<LookupField, LookupName>>;
  /** Declared values its manifest entry carries (qti-item-values.ts), by field. */
  values?: Record<string, unknown>;
}

const MEDIA = new Set(['img', 'audio', 'video', 'object']);
const RTL_LANGUAGES = /^(ar|he|fa|ur|yi|ps|ku|dv)\b/i;

/** A path a package names, from the file naming it; undefined when it would leave the package. */
export function resolvePath(from: string, href: string): string | undefined {
  if (/^[a-z]+:/i.test(href) || href.startsWith('/')) return undefined;
  const joined = posix.normalize(posix.join(posix.dirname(from || '.'), decodeURIComponent(href)));
  return joined.startsWith('..') ? undefined : joined;
}

/** Content language: Arabic when the item says so (or its text is Arabic); other right-to-left languages read as 'ar' with a note. */
function languageOf(root: Element, body: Element | undefined): { language: 'en' | 'ar'; notes: ItemProblem[] } {
  const lang = root.getAttribute('xml:lang') ?? '';
  if (/^ar\b/i.test(lang) || (!lang && hasArabic(textOf(body)))) return { language: 'ar', notes: [] };
  const rtl = RTL_LANGUAGES.test(lang) || attr(body as Element, 'dir') === 'rtl';
  return rtl
    ? { language: 'ar', notes: [{ key: 'interchange.problems.language_as_rtl', params: { lang: lang || 'rtl' } }] }
    : { language: 'en', notes: [] };
}

export function mediaOf(body: Element, path: string, notes: ItemProblem[]) {
  const found = qtiDescendants(body, (n) => MEDIA.has(n));
  const instruction = found.find((m) => hasClass(m, LTM_CLASS.instructionAudio));
  const others = found.filter((m) => m !== instruction);
  const src = (m: Element) => m.getAttribute('src') || m.getAttribute('data') || '';
  const main = others[0];
  for (const extra of others.slice(1))
    notes.push({ key: 'interchange.problems.extra_media_dropped', params: { name: src(extra) } });
  const name = main ? qtiName(main) : '';
  const kind: 'image' | 'audio' | 'none' = !main
    ? 'none'
    : name === 'img' || (main.getAttribute('type') ?? '').startsWith('image/')
      ? 'image'
      : 'audio';
  const plays = Math.min(limitOf(main, LTM_LIMIT.maxPlays, 'data-max-plays') ?? 0, QUESTION_LIMITS.replayCount);
  const alt = kind === 'image' ? (main?.getAttribute('alt') ?? '').trim() : '';
  return {
    media_type: kind,
    media_alt: alt || undefined,
    media: main ? (resolvePath(path, src(main)) ?? src(main)) : undefined,
    instructionAudio: instruction ? (resolvePath(path, src(instruction)) ?? src(instruction)) : undefined,
    media_replay_count: plays,
  };
}

function answerOf(body: Element, interactions: Element[], ctx: ReadContext & { ours: boolean; language: 'en' | 'ar' }) {
  const names = interactions.map(qtiName);
  if (
    names.every((n) => INLINE_INTERACTIONS.has(n)) ||
    (names.length === 1 && names[0] === 'qti-gap-match-interaction')
  )
    return readBlanks(body, ctx);
  const [interaction] = interactions;
  switch (names[0]) {
    case 'qti-choice-interaction':
      return readChoice(interaction, ctx);
    case 'qti-order-interaction':
      return readOrder(interaction, ctx);
    case 'qti-match-interaction':
      return readMatch(interaction, ctx);
    case 'qti-associate-interaction':
      return readMatch(interaction, ctx, true);
    case 'qti-extended-text-interaction':
      return readExtendedText(interaction);
    default:
      return readUpload(interaction);
  }
}

/** The problems that say an item has no readable key. */
const NO_KEY = new Set(['choice_key', 'order_key', 'match_key', 'gap_key'].map((k) => `interchange.problems.${k}`));

/**
 * Where an item computes its key instead of declaring it: template variables, or response
 * processing of its own (not one of the standard templates, which read the declared response).
 */
function keyComputed(root: Element): boolean {
  const processing = qtiChildren(root, 'qti-response-processing')[0];
  const custom = !!processing && !attr(processing, 'template') && !attr(processing, 'template-location');
  return qtiChildren(root, 'qti-template-declaration').length > 0 || (custom && !!processing.firstChild);
}

/** Says why a key cannot be read when the item computes it (issue 40: not "a blank has no correct answer"). */
function whyNoKey(root: Element, problems: ItemProblem[]): ItemProblem[] {
  if (!problems.some((p) => NO_KEY.has(p.key)) || !keyComputed(root)) return problems;
  return [{ key: 'interchange.problems.key_computed' }, ...problems.filter((p) => !NO_KEY.has(p.key))];
}

/** The question's text: the text block in items made here; elsewhere the body around the interactions and their prompts. */
function textOfItem(body: Element, interactions: Element[], ctx: ReadContext, ours: boolean): string {
  const marked = qtiDescendants(body, (n) => n === 'div').find((d) => hasClass(d, LTM_CLASS.questionText));
  if (ours && marked) return ctx.html(marked);
  const around = serializeNodes(body.firstChild, {
    selfClose: false,
    skip: (el) => MEDIA.has(qtiName(el)) || qtiName(el).endsWith('-interaction') || hasClass(el, LTM_CLASS.blank),
  });
  const prompts = interactions.flatMap((i) => qtiChildren(i, 'qti-prompt')).map((p) => `<p>${ctx.html(p)}</p>`);
  return (around + prompts.join('')).trim();
}

/** One QTI 3.0 (or 2.x) assessment item as a question of ours, or as what stops it. */
export function readQtiItem(document: Document, source: ItemSource): ReadQtiItem {
  const root = document.documentElement!;
  const identifier = attr(root, 'identifier') ?? source.path;
  if (qtiName(root) !== 'qti-assessment-item')
    return { item: { identifier, metadata: source.metadata, problems: [{ key: 'interchange.problems.not_an_item' }] } };
  const dropped = dropFeedback(root);
  const body = qtiFirst(root, 'qti-item-body');
  const interactions = body ? interactionsIn(body) : [];
  const unknown = interactions.map(qtiName).find((n) => !BLOCK_INTERACTIONS.has(n) && !INLINE_INTERACTIONS.has(n));
  if (!body || interactions.length === 0)
    return { item: unsupportedItem(identifier, 'no interaction', source.metadata) };
  if (unknown) return { item: unsupportedItem(identifier, unknown.replace(/^qti-/, ''), source.metadata) };
  // Mathematics the product cannot show as written: refused by name, never flattened (issue 40).
  if (qtiDescendants(body, (n) => n === 'math').length > 0)
    return { item: unsupportedItem(identifier, 'MathML', source.metadata) };
  const blocks = interactions.filter(
    (i) => BLOCK_INTERACTIONS.has(qtiName(i)) && qtiName(i) !== 'qti-gap-match-interaction',
  );
  if (blocks.length > 1 || (blocks.length === 1 && interactions.length > 1))
    return { item: unsupportedItem(identifier, 'several interactions', source.metadata) };

  const fresh = new Map<string, string>();
  const ctx: ReadContext = {
    responses: responsesOf(root),
    id: (qti) => (source.ours ? partIdFrom(qti) : (fresh.get(qti) ?? fresh.set(qti, newAnswerId()).get(qti)!)),
    html: (el) => serializeNodes(el.firstChild, { selfClose: false }).trim(),
  };
  const { language, notes } = languageOf(root, body);
  const answer: ReadAnswer & { text?: string } = answerOf(body, interactions, { ...ctx, ours: source.ours, language });
  const media = mediaOf(body, source.path, notes);
  const markOption = markOptionOf(root);
  if (markOption === 'partial' && unequalWeights(ctx.responses))
    notes.push({ key: 'interchange.problems.weights_equal' });
  let text = answer.text ?? textOfItem(body, interactions, ctx, source.ours);
  if (isBlankHtml(text) && answer.kind === 'fill_blanks') text = defaultBlanksInstruction(language);
  const stimulusRef = qtiChildren(root, 'qti-assessment-stimulus-ref')[0];
  const item: InterchangeItem = {
    identifier,
    metadata: source.metadata,
    problems: whyNoKey(root, answer.problems),
    notes: [...dropped, ...notes, ...answer.notes],
    media: media.media,
    instructionAudio: media.instructionAudio,
    question: answer.kind
      ? {
          ...source.values,
          text,
          content_language: language,
          answer_type: answer.kind,
          answer_key: answer.key,
          mark: markOf(root, ctx.responses),
          mark_option: markOption,
          media_type: media.media_type,
          ...(media.media_alt ? { media_alt: media.media_alt } : {}),
          media_replay_count: media.media_replay_count,
        }
      : undefined,
  };
  return { item, stimulus: stimulusRef ? resolvePath(source.path, attr(stimulusRef, 'href') ?? '') : undefined };
}
