import type { Element, Node } from '@xmldom/xmldom';
import { layoutGapText } from '../gap-text';
import { defaultBlanksInstruction } from '../moodle-text';
import type { ItemProblem } from '../interchange-item';
import { isElement, serializeNodes, textOf } from '../markup';
import { attr, hasClass, qtiChildren, qtiDescendants, qtiName } from './qti-dom';
import type { ReadAnswer, ReadContext } from './qti-interactions-reader';
import { INLINE_INTERACTIONS } from './qti-interactions-reader';
import { LTM_CLASS } from './qti-vocabulary';

interface BlankKey {
  identifier: string;
  answer: string;
  options?: string[];
  extra: string[];
}

const problem = (key: string, params?: ItemProblem['params']): ItemProblem => ({
  key: `interchange.problems.${key}`,
  ...(params ? { params } : {}),
});

/** A text entry's or inline choice's key: its correct text, and an inline choice's options. */
function inlineKey(interaction: Element, ctx: ReadContext): BlankKey | undefined {
  const identifier = attr(interaction, 'response-identifier') ?? '';
  const response = ctx.responses.get(identifier);
  const correct = response?.correct[0];
  if (correct === undefined) return undefined;
  if (qtiName(interaction) === 'qti-text-entry-interaction') {
    const extra = [...(response?.mapped.keys() ?? [])].filter((k) => k !== correct);
    return { identifier, answer: correct, extra };
  }
  const choices = qtiChildren(interaction, 'qti-inline-choice');
  const right = choices.find((c) => attr(c, 'identifier') === correct);
  if (!right) return undefined;
  return { identifier, answer: textOf(right), options: choices.map((c) => textOf(c)), extra: [] };
}

/** The text of the nodes beside one interaction in a paragraph made here, exactly as written. */
function besides(paragraph: Element, interaction: Element) {
  let before = '';
  let after = '';
  let seen = false;
  for (let node: Node | null = paragraph.firstChild; node; node = node.nextSibling) {
    if (node === interaction) seen = true;
    else if (seen) after += node.textContent ?? '';
    else before += node.textContent ?? '';
  }
  return { before, after };
}

/**
 * Text entries and inline choices (any number, in any paragraph), or a gap match, as fill in the
 * blanks. In packages made here each blank is its own paragraph, read exactly; elsewhere the
 * paragraphs holding gaps are cut at each gap (gap-text.ts), those before the first gap become the
 * text and those after one keep their place around the blanks.
 */
export function readBlanks(
  body: Element,
  ctx: ReadContext & { ours: boolean; language: 'en' | 'ar' },
): ReadAnswer & { text?: string } {
  const gapMatch = qtiDescendants(body, (n) => n === 'qti-gap-match-interaction')[0];
  const keys = new Map<Element, BlankKey>();
  const notes: ItemProblem[] = [];
  if (gapMatch) {
    const texts = new Map(qtiChildren(gapMatch, 'qti-gap-text').map((g) => [attr(g, 'identifier') ?? '', textOf(g)]));
    const pairs = (ctx.responses.get(attr(gapMatch, 'response-identifier') ?? '')?.correct ?? []).map((v) =>
      v.split(/\s+/),
    );
    const options = [...new Set(texts.values())];
    for (const gap of qtiDescendants(gapMatch, (n) => n === 'qti-gap')) {
      const id = attr(gap, 'identifier') ?? '';
      const pair = pairs.find((p) => p[1] === id);
      if (!pair || !texts.has(pair[0])) return { problems: [problem('gap_key')], notes };
      keys.set(gap, { identifier: id, answer: texts.get(pair[0])!, options, extra: [] });
    }
  } else {
    for (const interaction of qtiDescendants(body, (n) => INLINE_INTERACTIONS.has(n))) {
      const key = inlineKey(interaction, ctx);
      if (!key) return { problems: [problem('gap_key')], notes };
      if (key.extra.length) notes.push(problem('extra_answers_dropped', { answers: key.extra.join(', ') }));
      keys.set(interaction, key);
    }
  }
  if (keys.size === 0) return { problems: [problem('gap_key')], notes };
  const blankId = (identifier: string) => ctx.id(ctx.ours ? identifier.replace(/^RESPONSE/, '') : identifier);

  if (ctx.ours) {
    const blanks = [...keys].map(([interaction, key]) => {
      const paragraph = interaction.parentNode as Element;
      const around = hasClass(paragraph, LTM_CLASS.blank) ? besides(paragraph, interaction) : { before: '', after: '' };
      return {
        id: blankId(key.identifier),
        ...around,
        answer: key.answer,
        ...(key.options ? { options: key.options } : {}),
      };
    });
    return { kind: 'fill_blanks', key: { blanks }, problems: [], notes };
  }

  const order = [...keys.keys()];
  const marked = serializeNodes((gapMatch ?? body).firstChild, {
    selfClose: false,
    skip: (el) => ['qti-gap-text', 'qti-prompt', 'img', 'audio', 'video', 'object'].includes(qtiName(el)),
    replace: (el) => (keys.has(el) ? `[[g${order.indexOf(el)}]]` : undefined),
  });
  const layout = layoutGapText(marked, ctx.language, /\[\[g(\d+)\]\]/g);
  const blanks = layout.gaps.map((gap) => {
    const key = keys.get(order[Number(gap.key)])!;
    return {
      id: blankId(key.identifier),
      before: gap.before,
      after: gap.after,
      answer: key.answer,
      ...(key.options ? { options: key.options } : {}),
    };
  });
  return {
    kind: 'fill_blanks',
    key: { blanks },
    problems: [],
    notes,
    text: withPrompt(body, gapMatch, layout.text, ctx),
  };
}

const MEDIA_OR_GAP_TEXT = ['qti-gap-text', 'img', 'audio', 'video', 'object'];

/**
 * A gap match's text: what the body says around the interaction and its prompt, before the
 * paragraphs without gaps that come before the first gap (issue 40: the prompt was lost). The short instruction that stands in
 * for an empty text gives way to them.
 */
function withPrompt(
  body: Element,
  gapMatch: Element | undefined,
  text: string,
  ctx: ReadContext & { language: 'en' | 'ar' },
) {
  if (!gapMatch) return text;
  const around = serializeNodes(body.firstChild, {
    selfClose: false,
    skip: (el) => el === gapMatch || MEDIA_OR_GAP_TEXT.includes(qtiName(el)),
  }).trim();
  const prompts = qtiChildren(gapMatch, 'qti-prompt').map((p) => `<p>${ctx.html(p)}</p>`);
  const lead = [around, ...prompts].filter((part) => part !== '').join('');
  if (lead === '') return text;
  return text === defaultBlanksInstruction(ctx.language) ? lead : `${lead}${text}`;
}

export const isInline = (el: Element) => isElement(el) && INLINE_INTERACTIONS.has(qtiName(el));
