/**
 * How a typed blank answer is compared with the key (fill in the blanks). Both sides go
 * through `normaliseAnswerText`, in this order:
 *
 * 1. Unicode NFC, so a letter typed as base + combining mark equals its precomposed form.
 * 2. Invisible formatting characters are removed: zero-width space/joiners (U+200B–U+200D),
 *    direction marks and embeddings (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the
 *    byte-order mark (U+FEFF). Arabic keyboards and copy-paste insert them unseen.
 * 3. Arabic diacritics (harakat, tanwin, shadda, sukun and the other marks U+064B–U+065F,
 *    and the superscript alef U+0670) and tatweel (U+0640) are removed.
 * 4. Alef forms أ إ آ ٱ become ا; taa marbuta ة becomes ه; alef maqsura ى becomes ي;
 *    hamza carriers ؤ becomes و and ئ becomes ي.
 * 5. Arabic-Indic digits ٠–٩ and Eastern Arabic-Indic digits ۰–۹ become 0–9.
 * 6. Lower case (Latin "Paris" equals "paris"; Arabic has no case).
 * 7. Runs of whitespace become one space, and the ends are trimmed.
 *
 * Punctuation is kept. A consequence of step 4: a blank cannot test hamza or taa marbuta
 * spelling; such a question needs options, and the options of one blank must stay distinct
 * after this normalisation (the definition checks it).
 */

const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const DIACRITICS_AND_TATWEEL = /[\u064B-\u065F\u0670\u0640]/g;
const LETTER_VARIANTS: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ة: 'ه',
  ى: 'ي',
  ؤ: 'و',
  ئ: 'ي',
};
const VARIANT = /[أإآٱةىؤئ]/g;
const ARABIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** The normalised form of a typed answer; see the module comment for the exact steps. */
export function normaliseAnswerText(text: string): string {
  return text
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(DIACRITICS_AND_TATWEEL, '')
    .replace(VARIANT, (letter) => LETTER_VARIANTS[letter])
    .replace(ARABIC_DIGIT, (digit) => String(digit.codePointAt(0)! - (digit >= '\u06F0' ? 0x06f0 : 0x0660)))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether two typed answers are the same once normalised. */
export const sameAnswerText = (a: string, b: string): boolean => normaliseAnswerText(a) === normaliseAnswerText(b);
