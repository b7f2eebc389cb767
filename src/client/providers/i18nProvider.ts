import type { I18nProvider } from 'react-admin';
import { catalogs, type Language } from '../../../locales';
import { polyglotProvider } from './polyglot';

/** The console's provider, with both catalogs bundled. */
export function createI18nProvider(language: Language): I18nProvider {
  return polyglotProvider(language, (locale) => catalogs[locale]);
}
