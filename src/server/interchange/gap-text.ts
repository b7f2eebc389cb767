import { isBlankHtml, plainText } from '../../common/questions/rich-text';
import { defaultBlanksInstruction } from './moodle-text';

/**
 * Turning a text with gaps in it (Moodle's `[[1]]`, a GIFT missing word, a QTI inline
 * interaction replaced by a marker) into a fill-in-the-blanks question. Our blanks are plain text
 * runs around each gap, so the paragraphs that hold gaps become plain text, cut at each gap; the
 * paragraphs without gaps before the first gap stay rich and become the question's text, which a
 * question cannot do without (when none is left, it is a short instruction in the content
 * language); those after a gap keep their place as plain text around the blanks.
 */

/** One gap: what its marker names (the pattern's first group, or the whole marker), and the text around it. */
export interface Gap {
  key: string;
  before: string;
  after: string;
}

/** A gap text laid out: the question's text (HTML) and its gaps in reading order. */
export interface GapLayout {
  text: string;
  gaps: Gap[];
}

/** Moodle's gap marker: `[[1]]`, `[[2]]`… (gapselect, ddwtos). */
export const MOODLE_GAP = /\[\[(\d+)\]\]/g;

// Tags that end a paragraph. Inline tags (<b>, <span>) stay inside the paragraph's text.
const BLOCK_BOUNDARY = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|pre|table|tbody|thead|tr|td|th|hr)\b[^>]*>/gi;

/** The block paragraphs of an HTML fragment, as HTML, blank ones left out. */
export function blockParagraphs(html: string): string[] {
  return html
    .split(BLOCK_BOUNDARY)
    .map((p) => p.trim())
    .filter((p) => !isBlankHtml(p));
}

/** A paragraph as one line of plain text. */
const flat = (paragraph: string) => plainText(paragraph).replace(/\s+/g, ' ').trim();

// A paragraph's plain text cut at each gap: each gap gets the text since the previous one, the last also the rest.
function cutAtGaps(paragraph: string, pattern: RegExp): Gap[] {
  const text = flat(paragraph);
  const gaps: Gap[] = [];
  let from = 0;
  for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags.replace('g', '') + 'g'))) {
    gaps.push({ key: match[1] ?? match[0], before: text.slice(from, match.index).trim(), after: '' });
    from = match.index + match[0].length;
  }
  if (gaps.length > 0) gaps[gaps.length - 1].after = text.slice(from).trim();
  return gaps;
}

/**
 * Lays out an HTML text whose gaps are marked by `pattern` (global or not; its first group, if
 * any, is the gap's key). Paragraphs without a gap before the first gap form the text (each as a
 * `<p>`); the others give the gaps. A paragraph without a gap that comes after one keeps its place
 * (issue 40: the lines after a blank were shown above it): as plain text, it leads the next gap's
 * text, or ends the last gap's. A marker inside a tag's attribute is not a gap (only the plain text
 * is searched).
 */
export function layoutGapText(html: string, language: 'en' | 'ar', pattern: RegExp = MOODLE_GAP): GapLayout {
  const kept: string[] = [];
  const gaps: Gap[] = [];
  let between: string[] = [];
  const joined = (...parts: string[]) => parts.filter((part) => part !== '').join(' ');
  for (const paragraph of blockParagraphs(html)) {
    const found = cutAtGaps(paragraph, pattern);
    if (found.length > 0) {
      found[0].before = joined(...between, found[0].before);
      between = [];
      gaps.push(...found);
    } else if (gaps.length === 0) kept.push(`<p>${paragraph}</p>`);
    else between.push(flat(paragraph));
  }
  if (between.length > 0) gaps[gaps.length - 1].after = joined(gaps[gaps.length - 1].after, ...between);
  return { text: kept.length > 0 ? kept.join('') : defaultBlanksInstruction(language), gaps };
}
