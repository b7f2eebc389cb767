import { layoutGapText } from './gap-text';
import { giftHtml, giftPlain, restoreEscapes, splitFormat } from './gift-text';
import {
  choiceKey,
  essayKey,
  exactNumbers,
  gapsKey,
  matchingKey,
  shortAnswerKey,
  trueFalseKey,
  typedBlank,
  type AnswerRead,
  type WeightedAnswer,
} from './moodle-answer-keys';
import { itemProblem, MOODLE_PROBLEMS as P } from './moodle-problems';
import type { MoodleFormat } from './moodle-text';

/**
 * A GIFT answer block (`{…}`) read as Moodle's qformat_gift reads it: empty is an essay, `#` a
 * numerical (a typed blank when exact), any `~` a multiple choice (single when some answer is `=`), `=` with `->` a
 * matching, T/TRUE/F/FALSE a true/false, anything else a short answer. A block inside the text
 * ("missing word") becomes a blank where a blank can say the same (a single choice or a short
 * answer); other types keep Moodle's `_____` in their text.
 */

/** A question as cut around its answer block; every text is still protected (see gift-text.ts). */
export interface GiftParts {
  /** The text before the block, its format prefix removed. */
  before: string;
  /** The text after the block: not empty for a missing word. */
  after: string;
  /** The block's content, without general feedback. */
  block: string;
  format: MoodleFormat;
  language: 'en' | 'ar';
}

/** What a block became: the answers, or the kind of question we cannot represent. */
export type GiftRead = { read: AnswerRead } | { unsupported: string };

const MISSING = '\uE0FF';
const WEIGHT = /^%(-?\d+(?:\.\d+)?)%/;

interface GiftAnswer extends WeightedAnswer {
  feedback: boolean;
}

// One answer: its weight (`%50%`, or `fallback`), its text and whether feedback (`#…`) followed it.
function answerOf(piece: string, fallback: number): GiftAnswer {
  const weight = WEIGHT.exec(piece);
  const rest = weight ? piece.slice(weight[0].length) : piece;
  const hash = rest.indexOf('#');
  return {
    text: (hash < 0 ? rest : rest.slice(0, hash)).trim(),
    weight: weight ? parseFloat(weight[1]) : fallback,
    feedback: hash >= 0 && rest.slice(hash + 1).trim() !== '',
  };
}

// The answers of a choice block: `=` is fully right, `~` as weighted (0 by default).
const choiceAnswers = (block: string): GiftAnswer[] =>
  block
    .replace(/=/g, '~=')
    .split('~')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .map((piece) => (piece.startsWith('=') ? { ...answerOf(piece.slice(1), 100), weight: 100 } : answerOf(piece, 0)));

// The answers of a short-answer block: every `=` answer, fully right unless weighted.
const typedAnswers = (block: string): GiftAnswer[] =>
  block
    .split('=')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .map((piece) => answerOf(piece, 100));

const withFeedbackNote = (read: AnswerRead, answers: GiftAnswer[]): AnswerRead =>
  answers.some((a) => a.feedback) ? { ...read, notes: [...read.notes, itemProblem(P.feedback)] } : read;

// The question's text with the answer block's place laid out as one blank.
const blankLayout = (parts: GiftParts) =>
  layoutGapText(giftHtml(`${parts.before}${MISSING}${parts.after}`, parts.format), parts.language, new RegExp(MISSING));

function readChoice(parts: GiftParts): AnswerRead {
  const answers = choiceAnswers(parts.block);
  const single = parts.block.includes('=');
  const missingWord = parts.after.trim() !== '';
  if (single && missingWord) {
    const options = answers.map((a) => giftPlain(splitFormat(a.text, parts.format).text, parts.format));
    const right = answers.flatMap((a, i) => (a.weight >= 99.99 ? [options[i]] : []));
    const read = gapsKey(
      blankLayout(parts),
      () => (right.length === 1 ? { answer: right[0], options } : undefined),
      'all_or_nothing',
    );
    if (right.length !== 1) read.problems = [itemProblem(P.choiceKey)];
    return withFeedbackNote(read, answers);
  }
  const options = answers.map((a) => {
    const own = splitFormat(a.text, parts.format);
    return { text: giftHtml(own.text, own.format, true), weight: a.weight };
  });
  return withFeedbackNote(choiceKey(options, single), answers);
}

function readShortAnswer(parts: GiftParts): AnswerRead {
  const answers = typedAnswers(parts.block).map((a) => ({
    ...a,
    text: giftPlain(splitFormat(a.text, parts.format).text, parts.format),
  }));
  if (parts.after.trim() === '') return withFeedbackNote(shortAnswerKey(answers), answers);
  const blank = typedBlank(answers);
  const read = gapsKey(
    blankLayout(parts),
    () => (blank.answer ? { answer: blank.answer } : undefined),
    'all_or_nothing',
  );
  if (!blank.answer) read.problems = blank.problems;
  read.notes.push(...blank.notes);
  return withFeedbackNote(read, answers);
}

// Moodle marks a matching question by the share of its pairs matched right: partial marking.
function readMatching(parts: GiftParts): AnswerRead | undefined {
  const pieces = parts.block
    .split('=')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  if (pieces.some((piece) => !piece.includes('->'))) return undefined;
  const pairs = pieces.map((piece) => {
    const arrow = piece.indexOf('->');
    const left = splitFormat(piece.slice(0, arrow), parts.format);
    return {
      left: giftHtml(left.text, left.format, true),
      right: giftHtml(piece.slice(arrow + 2), 'plain_text', true),
    };
  });
  return matchingKey(pairs, 'partial');
}

function readTrueFalse(parts: GiftParts): AnswerRead {
  const [answer, ...feedback] = parts.block.split('#');
  const read = trueFalseKey(/^T(RUE)?$/.test(answer.trim()));
  return feedback.some((f) => f.trim() !== '') ? { ...read, notes: [itemProblem(P.feedback)] } : read;
}

/**
 * A numerical block (`{#8}`, `{#=8 =%50%7}`) as one typed blank when its fully right answers are
 * exact numbers; a tolerance (`8:0.5`) or a range (`1..5`) on one of them cannot be scored by a
 * blank, which compares text, so the question is skipped saying so (issue 40).
 */
function readNumerical(parts: GiftParts): GiftRead {
  const body = parts.block.slice(1).trim();
  const pieces = body.startsWith('=') ? body.split('=').filter((piece) => piece.trim() !== '') : [body];
  const answers = exactNumbers(pieces.map((piece) => answerOf(piece.trim(), 100)));
  if (!answers) return { unsupported: 'numerical with a tolerance or a range' };
  const block = answers.map((a) => `=%${a.weight}%${a.text}${a.feedback ? '#feedback' : ''}`).join(' ');
  return { read: readShortAnswer({ ...parts, block }) };
}

/** Reads an answer block; undefined when it is malformed (a matching answer without `->`). */
export function readGiftBlock(parts: GiftParts): GiftRead | undefined {
  const { block } = parts;
  if (block === '') return { read: essayKey() };
  if (block.startsWith('#')) return readNumerical(parts);
  // The qtype_ordering plugin's own GIFT syntax (`{>3 ALL VERTICAL …`).
  if (block.startsWith('>')) return { unsupported: 'ordering' };
  if (block.includes('~')) return { read: readChoice(parts) };
  if (block.includes('=') && block.includes('->')) {
    const read = readMatching(parts);
    return read && { read };
  }
  const check = block.includes('#') ? block.slice(0, block.indexOf('#')).trim() : block;
  if (['T', 'TRUE', 'F', 'FALSE'].includes(restoreEscapes(check))) return { read: readTrueFalse(parts) };
  return { read: readShortAnswer(parts) };
}

/** The question text (HTML) for a block that did not become a blank: a missing word shows as `_____`. */
export const giftQuestionText = (parts: GiftParts): string =>
  giftHtml(parts.after.trim() === '' ? parts.before : `${parts.before}_____${parts.after}`, parts.format);
