/** The supported languages and their helpers, without the catalogs. */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** localStorage key holding the chosen language (SPEC section 9). */
export const LANGUAGE_STORAGE_KEY = 'language';

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

/** Whether text in this language runs right to left. One helper drives theme, cache and <html dir>. */
export function isRTL(language: string): boolean {
  return RTL_LANGUAGES.has(language.toLowerCase().split('-')[0]);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks the best supported language from an Accept-Language header value. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  return (ranked.find((entry) => isLanguage(entry.tag))?.tag as Language | undefined) ?? DEFAULT_LANGUAGE;
}
