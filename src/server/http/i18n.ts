import Polyglot from 'node-polyglot';
import { catalogs, LANGUAGES, type Language } from '../../../locales/index';

const polyglots = Object.fromEntries(
  LANGUAGES.map((language) => [language, new Polyglot({ phrases: catalogs[language] as object, locale: language })]),
) as Record<Language, Polyglot>;

export type TranslateParams = Record<string, string | number>;

/** Translates a catalog key (e.g. `errors.invalid_login`) into the given language. */
export function translate(language: Language, key: string, params?: TranslateParams): string {
  return polyglots[language].t(key, params);
}

/** Whether `value` names a message in the catalog, so validators may carry keys instead of text. */
export function isMessageKey(value: string): boolean {
  return polyglots.en.has(value);
}
