import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import type { Messages, StudentMessages } from '../../../locales';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../../locales/languages';

/** A translation key looks like `section.key`; server messages are sentences. */
const KEY_PATTERN = /^[\w-]+(\.[\w-]+)+$/;

/**
 * The catalogs through polyglot. Server messages arrive already translated and are passed
 * to `translate` as they are, so a missing "key" falls back to itself; a missing real key is
 * reported in development (the locale parity test guards the catalogs).
 */
export function polyglotProvider(
  language: Language,
  messagesFor: (language: Language) => Messages | StudentMessages,
): I18nProvider {
  const messages = (locale: string) =>
    messagesFor(isLanguage(locale) ? locale : DEFAULT_LANGUAGE) as unknown as TranslationMessages;
  // Every catalog names each language in that language, so anyone can find theirs.
  const names = messagesFor(language).languages;
  const locales = LANGUAGES.map((locale) => ({ locale, name: names[locale] }));
  return polyglotI18nProvider(messages, language, locales, {
    onMissingKey: (key: string) => {
      if (import.meta.env.DEV && KEY_PATTERN.test(key)) console.warn(`Missing translation for key: "${key}"`);
      return key;
    },
  });
}

/**
 * A provider holding one language's catalog (from `loadCatalog` or `loadStudentCatalog`): a boot
 * downloads only the language it shows (issue 11); switching language reloads the page anyway.
 */
export function singleCatalogI18nProvider(language: Language, messages: Messages | StudentMessages): I18nProvider {
  return polyglotProvider(language, () => messages);
}

/** One language's catalog on its own, for the console. */
export async function loadCatalog(language: Language): Promise<Messages> {
  const module =
    language === 'ar' ? await import('../../../locales/ar/index') : await import('../../../locales/en/index');
  return module.default;
}

/**
 * The student boot's part of one language's catalog, without the staff's screens: about half of
 * it (issue 41).
 */
export async function loadStudentCatalog(language: Language): Promise<StudentMessages> {
  const module =
    language === 'ar'
      ? await import('../../../locales/ar/for-students')
      : await import('../../../locales/en/for-students');
  return module.default;
}
