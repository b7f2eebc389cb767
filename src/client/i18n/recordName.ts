import { useLocaleState } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../locales/languages';

export interface Nameable {
  id?: number | string;
  name?: string | null;
  name_en?: string | null;
  name_ar?: string | null;
  email?: string | null;
}

/** The column holding a record's name in a language. */
export const nameFieldFor = (language: string) => (language === 'ar' ? 'name_ar' : 'name_en');

/** A record's name in the reader's language (name_ar or name_en), else the other, its name, its email or its id. */
export function nameOf(record: Nameable | null | undefined, language: string): string {
  if (!record) return '';
  const own = language === 'ar' ? record.name_ar : record.name_en;
  return (
    own ||
    record.name_en ||
    record.name_ar ||
    record.name ||
    record.email ||
    (record.id !== undefined ? `#${record.id}` : '')
  );
}

/** The console's language, typed for the formatters (numbers, dates, country names). */
export function useLanguage(): Language {
  const [locale] = useLocaleState();
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}

/** The one way screens name a record: `const name = useRecordName(); name(platform)`. */
export function useRecordName(): (record: Nameable | null | undefined) => string {
  const language = useLanguage();
  return (record) => nameOf(record, language);
}

/** Records as select choices named in the reader's language. */
export function choicesOf(records: readonly Nameable[] | undefined, language: string) {
  return (records ?? []).map((record) => ({ id: record.id as number, name: nameOf(record, language) }));
}
