import { plainText } from '../../common/questions/rich-text';
import { hasArabic } from '../../common/text-direction';

/**
 * Text conventions shared by the Moodle XML and GIFT readers: Moodle's four text formats turned
 * into HTML, and the content language guessed from the letters. The HTML is not sanitized here:
 * the import passes it through the same sanitizer as typed text.
 */

/** Moodle's text formats, as Moodle XML spells them (GIFT's `[moodle]`, `[html]`… map onto these). */
export type MoodleFormat = 'html' | 'moodle_auto_format' | 'plain_text' | 'markdown';

export { hasArabic };

/** A question's content language: Arabic as soon as its text holds an Arabic letter. */
export const contentLanguage = (html: string): 'en' | 'ar' => (hasArabic(plainText(html)) ? 'ar' : 'en');

/** The instruction a fill-in-the-blanks question gets when its whole text became blanks. */
export const defaultBlanksInstruction = (language: 'en' | 'ar'): string =>
  language === 'ar' ? '<p>املأ الفراغات.</p>' : '<p>Fill in the blanks.</p>';

/** Text with HTML's special characters escaped, to be shown as typed. */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Blank-line separated paragraphs as `<p>`, single line breaks as `<br>` (the text is already HTML-safe).
function paragraphs(safe: string): string {
  return safe
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${p.replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

const BLOCK_TAG = /<(?:p|div|br|ul|ol|li|table|h[1-6]|blockquote|pre)\b/i;

/**
 * A Moodle text as HTML. Plain text and Markdown are shown as typed (Markdown's marks stay
 * visible: rendering it would need a Markdown library for a rare case). Moodle's auto-format
 * allows HTML and turns line breaks into breaks, so it is kept as HTML, with paragraphs made
 * from its line breaks unless it already has block tags. An `inline` text (an option, a pair's
 * side, an item) gets no paragraphs, only breaks.
 */
export function formatToHtml(text: string, format: string | null | undefined, inline = false): string {
  const trimmed = text.trim();
  const plain = format === 'plain_text' || format === 'markdown';
  if (!plain && (format !== 'moodle_auto_format' || BLOCK_TAG.test(trimmed))) return trimmed;
  const safe = plain ? escapeHtml(trimmed) : trimmed;
  return inline ? safe.replace(/\r?\n/g, '<br>') : paragraphs(safe);
}

/** The plain text of a short Moodle text (a blank's answer, a gap's option), spaces collapsed. */
export const shortText = (text: string, format?: string | null): string =>
  (format === 'plain_text' || format === 'markdown' ? text : plainText(text)).replace(/\s+/g, ' ').trim();
