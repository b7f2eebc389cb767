import { useLocaleState } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../../locales';

/** The console's language, typed for the formatters (numbers, dates, country names). */
export function useLanguage(): Language {
  const [locale] = useLocaleState();
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}
