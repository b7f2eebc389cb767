import { InterchangeFileRefused, unsupportedItem, type InterchangeItem } from './interchange-item';
import { giftQuestionText, readGiftBlock, type GiftParts } from './gift-answers';
import { protectEscapes, restoreEscapes, splitFormat } from './gift-text';
import { draftItem, unreadableItem } from './moodle-item';
import { itemProblem, MOODLE_PROBLEMS as P } from './moodle-problems';
import { contentLanguage, formatToHtml } from './moodle-text';
import { MAX_XML_BYTES } from './xml-safety';

/**
 * Reading a GIFT file (Moodle's text format for questions) into interchange items, following
 * Moodle's qformat_gift: questions are separated by blank lines, lines starting with `//` are
 * comments, `$CATEGORY:` lines name a category (skipped), `::title::` names a question and
 * `[html]`-style prefixes set a text's format. GIFT carries no mark (1) and no metadata.
 */

// A question's text cut at its answer block, or why it could not be.
type Cut = { title?: string; parts?: Omit<GiftParts, 'language'>; description?: boolean; generalFeedback?: boolean };

// Cuts a protected question into its title, its text around the answer block and the block.
function cutQuestion(text: string): Cut | undefined {
  let rest = text;
  let title: string | undefined;
  if (rest.startsWith('::')) {
    const end = rest.indexOf('::', 2);
    if (end >= 0) title = restoreEscapes(rest.slice(2, end)).trim() || undefined;
    rest = (end >= 0 ? rest.slice(end + 2) : rest.slice(2)).trim();
  }
  const open = rest.indexOf('{');
  const close = rest.indexOf('}');
  if (open < 0 && close < 0) return { title, description: true };
  // A block with no end, an end before the start, or a second block (Moodle's cloze): unreadable.
  if (open < 0 || close < open || /[{}]/.test(rest.slice(close + 1))) return { title };
  let block = rest.slice(open + 1, close).trim();
  const general = block.lastIndexOf('####');
  const generalFeedback = general >= 0 && block.slice(general + 4).trim() !== '';
  if (general >= 0) block = block.slice(0, general).trim();
  const { format, text: before } = splitFormat(rest.slice(0, open), 'moodle_auto_format');
  return { title, parts: { before, after: rest.slice(close + 1), block, format }, generalFeedback };
}

// One question's lines as an item; undefined for a comment-only block or a category.
function readQuestion(lines: string[], index: () => number): InterchangeItem | undefined {
  const text = lines
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n')
    .trim();
  if (text === '' || /^\$CATEGORY:/.test(text)) return undefined;
  const number = index();
  const cut = cutQuestion(protectEscapes(text));
  const identifier = cut?.title ?? `question ${number}`;
  if (!cut?.parts) return cut?.description ? unsupportedItem(identifier, 'description') : unreadableItem(identifier);
  const { parts } = cut;
  const language = contentLanguage(formatToHtml(restoreEscapes(`${parts.before} ${parts.after}`), parts.format));
  const found = readGiftBlock({ ...parts, language });
  if (!found) return unreadableItem(identifier);
  if ('unsupported' in found) return unsupportedItem(identifier, found.unsupported);
  const notes = cut.generalFeedback ? [itemProblem(P.feedback)] : [];
  return draftItem(
    { identifier, text: giftQuestionText({ ...parts, language }), language, mark: 1, notes },
    found.read,
  );
}

// Whether an item holds anything read from a question (a draft, or a type reported by name).
const readSomething = (item: InterchangeItem) =>
  item.question !== undefined || (item.unsupported !== undefined && item.unsupported.params?.what !== 'description');

/**
 * Reads a GIFT file: its questions in order. Throws `InterchangeFileRefused` with
 * `interchange.errors.gift_unreadable` when nothing in it reads as a question.
 */
export function readGift(text: string): InterchangeItem[] {
  if (text.length > MAX_XML_BYTES) throw new InterchangeFileRefused('interchange.errors.file_too_large');
  if (text.includes('\0')) throw new InterchangeFileRefused('interchange.errors.gift_unreadable');
  let count = 0;
  const next = () => ++count;
  const items: InterchangeItem[] = [];
  let block: string[] = [];
  for (const line of [...text.replace(/^\uFEFF/, '').split(/\r?\n/), '']) {
    if (line.trim() !== '') {
      block.push(line);
      continue;
    }
    const item = block.length > 0 ? readQuestion(block, next) : undefined;
    if (item) items.push(item);
    block = [];
  }
  if (!items.some(readSomething)) throw new InterchangeFileRefused('interchange.errors.gift_unreadable');
  return items;
}
