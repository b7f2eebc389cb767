import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { catalogs, DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../locales';

/** Locale names are written in their own language so anyone can find theirs. */
export const LOCALES = [
  { locale: 'en', name: catalogs.en.languages.en },
  { locale: 'ar', name: catalogs.ar.languages.ar },
];

/** A translation key looks like `section.key`; server messages are sentences. */
const KEY_PATTERN = /^[\w-]+(\.[\w-]+)+$/;

/**
 * The catalogs through polyglot. Server messages arrive already translated and are passed
 * to `translate` as they are, so a missing "key" falls back to itself; a missing real key is
 * reported in development (the locale parity test guards the catalogs).
 */
export function createI18nProvider(language: Language): I18nProvider {
  const messages = (locale: string) =>
    catalogs[isLanguage(locale) ? locale : DEFAULT_LANGUAGE] as unknown as TranslationMessages;
  return polyglotI18nProvider(messages, language, LOCALES, {
    onMissingKey: (key: string) => {
      if (import.meta.env.DEV && KEY_PATTERN.test(key)) console.warn(`Missing translation for key: "${key}"`);
      return key;
    },
  });
}
