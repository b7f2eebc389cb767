import type { AnswerKind, MarkOption } from '../../../../schemas/parts/question-kinds';
import type { ParagraphDefinition } from '../../../common/questions/types/paragraph';
import { element, htmlToXhtml } from '../markup';
import { interactionParts, type ChildAnswer } from './qti-interactions-writer';
import { LTM_CLASS, LTM_LIMIT, limitClass, outcomeDeclarations, rootAttributes } from './qti-vocabulary';

/**
 * A question as a package carries it: its fields, and its media as paths inside the package. The
 * fields an item's markup holds are named; the other declared values (schemas/questions-bank.ts)
 * travel by their field's name, in the manifest's metadata and the spreadsheet's columns.
 */
export interface ExportQuestion {
  [field: string]: unknown;
  identifier: string;
  text: string;
  content_language: 'en' | 'ar';
  answer_type: AnswerKind;
  answer_key: unknown;
  mark: number;
  mark_option: MarkOption;
  media_type: 'none' | 'image' | 'audio';
  /** Paths inside the package (`media/…`), when the question has them. */
  media: string | null;
  /** The picture's text alternative, written as the image's `alt`. */
  media_alt?: string | null;
  media_replay_count: number;
  instruction_audio: string | null;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const dir = (language: string) => (language === 'ar' ? 'rtl' : 'ltr');

/**
 * The question's media and instruction audio, as HTML5 media in a block of their own (a QTI 3 body
 * takes block content only); paths relative to `base`. Empty when the question has neither.
 */
export function mediaMarkup(question: ExportQuestion, base: string): string {
  let out = '';
  if (question.instruction_audio)
    out += element('audio', {
      class: LTM_CLASS.instructionAudio,
      src: base + question.instruction_audio,
      controls: 'true',
    });
  if (question.media && question.media_type === 'image')
    out += element('img', { src: base + question.media, alt: question.media_alt ?? '' });
  if (question.media && question.media_type === 'audio')
    out += element('audio', {
      src: base + question.media,
      controls: 'true',
      class: limitClass(LTM_LIMIT.maxPlays, question.media_replay_count),
    });
  return out ? element('div', { class: LTM_CLASS.media }, out) : '';
}

interface ItemContent {
  identifier: string;
  title: string;
  language: 'en' | 'ar';
  text: string;
  answer: ChildAnswer;
  mark: number;
  markOption: MarkOption;
  media?: string;
  stimulus?: { identifier: string; href: string };
}

/**
 * A stored answer key with its kind. Keys are checked by their answer type when a question is saved
 * or imported, so the pair is one of `ChildAnswer`'s: this is where the package trusts the bank.
 */
const childAnswer = (kind: Exclude<AnswerKind, 'paragraph'>, definition: unknown) =>
  ({ kind, definition }) as ChildAnswer;

const markClassOf = (option: MarkOption) => (option === 'partial' ? LTM_CLASS.markPartial : LTM_CLASS.markAllOrNothing);

function item(content: ItemContent): string {
  const parts = interactionParts(content.answer, {
    mark: content.mark,
    markOption: content.markOption,
    language: content.language,
  });
  const markClass = markClassOf(content.markOption);
  return (
    XML_DECLARATION +
    element(
      'qti-assessment-item',
      {
        ...rootAttributes(content.identifier, content.title, content.language),
        adaptive: 'false',
        'time-dependent': 'false',
      },
      [
        parts.declarations,
        outcomeDeclarations(content.mark, parts.humanScored),
        content.stimulus ? element('qti-assessment-stimulus-ref', content.stimulus) : '',
        element('qti-item-body', { dir: dir(content.language), class: markClass }, [
          element('div', { class: LTM_CLASS.questionText }, htmlToXhtml(content.text)),
          content.media ?? '',
          parts.body,
        ]),
        parts.processing,
      ],
    )
  );
}

/** A short plain title for an item: its text without markup, cut to 80 characters. */
export const titleOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);

/** One assessment item file for a question of any kind but paragraph; `base` leads from the item to the package root. */
export function questionItem(question: ExportQuestion, base: string): string {
  return item({
    identifier: question.identifier,
    title: titleOf(question.text),
    language: question.content_language,
    text: question.text,
    answer: childAnswer(question.answer_type as Exclude<AnswerKind, 'paragraph'>, question.answer_key),
    mark: question.mark,
    markOption: question.mark_option,
    media: mediaMarkup(question, base),
  });
}

/** A paragraph: its passage (with its text and media) as a stimulus, each related question an item that refers to it. */
export function paragraphFiles(question: ExportQuestion, base: string, stimulusHref: (id: string) => string) {
  const def = question.answer_key as ParagraphDefinition;
  const stimulusId = `${question.identifier}-passage`;
  const stimulus =
    XML_DECLARATION +
    element('qti-assessment-stimulus', rootAttributes(stimulusId, titleOf(question.text), question.content_language), [
      element(
        'qti-stimulus-body',
        {},
        element(
          'div',
          { dir: dir(question.content_language), class: `${LTM_CLASS.stimulus} ${markClassOf(question.mark_option)}` },
          [
            element('div', { class: LTM_CLASS.questionText }, htmlToXhtml(question.text)),
            mediaMarkup(question, base),
            element('div', { class: LTM_CLASS.passage }, htmlToXhtml(def.passage)),
          ],
        ),
      ),
    ]);
  const items = def.children.map((child) => ({
    identifier: `${question.identifier}-${child.id}`,
    childId: child.id,
    xml: item({
      identifier: `${question.identifier}-${child.id}`,
      title: titleOf(child.text),
      language: question.content_language,
      text: child.text,
      answer: childAnswer(child.kind, child.definition),
      mark: child.mark,
      markOption: child.mark_option,
      stimulus: { identifier: stimulusId, href: stimulusHref(stimulusId) },
    }),
  }));
  return { stimulus: { identifier: stimulusId, xml: stimulus }, items };
}
