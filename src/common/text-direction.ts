import { plainText } from './questions/rich-text';

/** Hebrew, Arabic, Syriac, Thaana and the Arabic presentation forms: scripts written right to left. */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LETTER = /\p{L}/u;
/** Arabic letters: the Arabic blocks and the Arabic presentation forms. */
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** Whether a text holds an Arabic letter (a file's Arabic name, an imported question's language). */
export const hasArabic = (text: string): boolean => ARABIC_LETTER.test(text);

/**
 * The direction a text reads in, from its first letter (the Unicode bidi rule for a paragraph's
 * base direction): an Arabic translation of an English question reads right to left. Null when
 * the text has no letter yet; HTML tags are ignored.
 */
export function textDirection(text: string): 'rtl' | 'ltr' | null {
  for (const char of plainText(text)) {
    if (RTL_LETTER.test(char)) return 'rtl';
    if (LETTER.test(char)) return 'ltr';
  }
  return null;
}

/** A content language for a text: `ar` when it reads right to left, `en` otherwise, `fallback` when it has no letter. */
export function contentLanguageOf<F extends string>(text: string, fallback: F): 'ar' | 'en' | F {
  const direction = textDirection(text);
  return direction === null ? fallback : direction === 'rtl' ? 'ar' : 'en';
}
