/**
 * SPEC section 3 ("Other"): the country list of localized exams is kept in local storage. The
 * console keeps the last chosen countries there, so the next localized exam starts from them.
 */
const KEY = 'exam_localizations.countries';

export function readCachedCountries(): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((code): code is string => typeof code === 'string' && /^[A-Z]{2}$/.test(code))
      : [];
  } catch {
    return [];
  }
}

export function cacheCountries(countries: readonly string[]): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(countries));
  } catch {
    // Storage may be full or disabled: the choice is only a convenience.
  }
}
