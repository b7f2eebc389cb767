import { plainText } from './rich-text';

/*
 * A word is a run of letters, digits and combining marks (\p{L}\p{N}\p{M}), so an Arabic word
 * with its diacritics is one word. Everything else separates words: spaces, Latin punctuation
 * and Arabic punctuation (، ؛ ؟). Two joins keep common words whole: an apostrophe between
 * letters ("don't") and a decimal or thousands separator between digits ("3.5", "1,000", "٣٫٥").
 * Tatweel (ـ) and zero-width joiners only stretch or shape a word, so they never split one.
 */
const JOINERS = /[\u0640\u200C\u200D]/g;
const WORD = /[\p{L}\p{N}\p{M}]+(?:(?:['’](?=\p{L})|(?<=\p{N})[.,٫٬](?=\p{N}))[\p{L}\p{N}\p{M}]+)*/gu;

/**
 * The number of words in an essay answer (plain text or the editor's HTML). The console shows
 * it while the student types and the server enforces the limit with the same function.
 */
export function countWords(text: string): number {
  if (typeof text !== 'string' || text === '') return 0;
  return plainText(text).replace(JOINERS, '').match(WORD)?.length ?? 0;
}
