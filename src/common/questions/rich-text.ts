/**
 * Plain-text views of the rich text the editor produces (bold and color only, in <p> and <br>).
 * These are for comparing and counting, never for display: sanitizing is the server's job.
 */

// Block-level tags separate words; inline tags (<b>, <span>) may sit inside a word.
const BLOCK_TAG = /<\/?(?:p|br|div|li|ul|ol|h[1-6]|tr|td|th|blockquote|hr)\b[^>]*>/gi;
const ANY_TAG = /<[^>]*>/g;
const NAMED_ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[lower] ?? whole;
  });
}

/** The text of an HTML fragment: tags removed (block tags become spaces) and entities decoded. */
export function plainText(html: string): string {
  // Entities are decoded once, after the tags are gone, so "&amp;lt;" stays the text "&lt;".
  return decodeEntities(html.replace(BLOCK_TAG, ' ').replace(ANY_TAG, ''));
}

/** Whether an HTML fragment shows no text at all (e.g. the editor's empty "<p><br></p>"). */
export const isBlankHtml = (html: string): boolean => plainText(html).trim() === '';

/**
 * The form two option texts are compared in for duplicates: plain text, NFC, spaces collapsed,
 * case folded. Arabic letter variants are kept apart on purpose: in a spelling question
 * "أ" and "ا" may be the very difference being tested.
 */
export function comparableText(html: string): string {
  return plainText(html).normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}
