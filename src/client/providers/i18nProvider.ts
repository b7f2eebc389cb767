import type { I18nProvider } from 'react-admin';
import { catalogs, type Language } from '../../../locales';
import { polyglotProvider } from './polyglot';

/** A provider holding both catalogs, for tests (the console downloads one: `loadCatalog`). */
export function createI18nProvider(language: Language): I18nProvider {
  return polyglotProvider(language, (locale) => catalogs[locale]);
}
