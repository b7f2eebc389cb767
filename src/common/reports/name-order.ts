/**
 * The order of people's and classes' names in reports: the reader's own script first (an Arabic
 * reader sees Arabic-script names first, then Latin ones; an English reader the other way round),
 * names in neither script last, and each part in the collation of the reader's language, with
 * numbers read as numbers ("Class 2" before "Class 10").
 */
export type NameScript = 'arabic' | 'latin' | 'other';

/** The script of a name's first letter. */
export function scriptOf(name: string): NameScript {
  const letter = /\p{L}/u.exec(name)?.[0];
  if (letter === undefined) return 'other';
  if (/\p{Script=Arabic}/u.test(letter)) return 'arabic';
  if (/\p{Script=Latin}/u.test(letter)) return 'latin';
  return 'other';
}

const RANKS: Record<'en' | 'ar', Record<NameScript, number>> = {
  ar: { arabic: 0, latin: 1, other: 2 },
  en: { latin: 0, arabic: 1, other: 2 },
};

/** Compares two names for a reader of `lang`: by script (the reader's first), then by the language's collation. */
export function nameComparator(lang: 'en' | 'ar'): (a: string, b: string) => number {
  const collator = new Intl.Collator(lang, { numeric: true });
  const ranks = RANKS[lang];
  return (a, b) => ranks[scriptOf(a)] - ranks[scriptOf(b)] || collator.compare(a, b);
}

/** A copy of `items` ordered by their names (`nameOf`) for a reader of `lang`; equal names keep their order. */
export function sortByName<T>(items: readonly T[], lang: 'en' | 'ar', nameOf: (item: T) => string): T[] {
  const compare = nameComparator(lang);
  return [...items].sort((a, b) => compare(nameOf(a), nameOf(b)));
}
