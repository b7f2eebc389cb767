import { formatToHtml, shortText, type MoodleFormat } from './moodle-text';

/**
 * GIFT's escapes and text formats. An escaped control character (`\~ \= \# \{ \} \:`, and `\\`)
 * is swapped for a private-use character before the question is cut up, so the cutting never
 * sees it, and swapped back in every piece (Moodle's qformat_gift does the same with `&&058;`…).
 * `\n` is a line break.
 */

const ESCAPED: Record<string, string> = {
  '\\': '\uE000',
  ':': '\uE001',
  '#': '\uE002',
  '=': '\uE003',
  '{': '\uE004',
  '}': '\uE005',
  '~': '\uE006',
};
const RESTORED = Object.fromEntries(Object.entries(ESCAPED).map(([char, mark]) => [mark, char]));

/** The text with its escapes swapped for private-use characters. */
export const protectEscapes = (text: string): string =>
  text.replace(/\\([\\:#={}~n])/g, (_, char: string) => (char === 'n' ? '\n' : ESCAPED[char]));

/** A piece of protected text as written, escapes resolved. */
export const restoreEscapes = (text: string): string => text.replace(/[\uE000-\uE006]/g, (mark) => RESTORED[mark]);

const FORMATS: Record<string, MoodleFormat> = {
  html: 'html',
  moodle: 'moodle_auto_format',
  plain: 'plain_text',
  markdown: 'markdown',
};

/** A text's own format prefix (`[html]`, `[moodle]`, `[plain]`, `[markdown]`), else `fallback`; and the text after it. */
export function splitFormat(text: string, fallback: MoodleFormat): { format: MoodleFormat; text: string } {
  const found = /^\s*\[(html|moodle|plain|markdown)\]/i.exec(text);
  return found
    ? { format: FORMATS[found[1].toLowerCase()], text: text.slice(found[0].length) }
    : { format: fallback, text };
}

/** A protected GIFT text (a question's, or with `inline` an answer's) as HTML. */
export const giftHtml = (text: string, format: MoodleFormat, inline = false): string =>
  formatToHtml(restoreEscapes(text), format, inline);

/** A protected GIFT answer as the plain text a blank compares. */
export const giftPlain = (text: string, format: MoodleFormat): string => shortText(restoreEscapes(text), format);
