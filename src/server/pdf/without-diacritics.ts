/**
 * Arabic vowel and other diacritic marks (harakat: tanween, fatha, damma, kasra, shadda, sukun,
 * maddah, the dagger alef, Quranic marks), but not the combining hamza, which is part of a letter.
 */
const DIACRITICS = /[\u064B-\u0653\u0656-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E4\u06E7\u06E8\u06EA-\u06ED]/g;

/**
 * Text as a PDF prints it: without Arabic diacritics. Typst maps each glyph of a shaped cluster to
 * the whole cluster's text, so a letter with a mark (يّ, حً) is read back, copied or spoken twice
 * ("التغّيّير" for "التغيّر") by text extraction, search and screen readers. Reports are written
 * without harakat, as Arabic usually is; the letters themselves are never changed.
 */
export function withoutDiacritics(text: string): string {
  return text.normalize('NFC').replace(DIACRITICS, '');
}
