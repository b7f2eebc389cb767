import type { NamedRecord } from '../types';

/** A record's name in the reader's language (name_ar or name_en), falling back to the other. */
export function nameOf(record: Partial<NamedRecord> | null | undefined, language: string): string {
  if (!record) return '';
  const own = language === 'ar' ? record.name_ar : record.name_en;
  return own || record.name_en || record.name_ar || record.name || '';
}

/** Lookup rows as select choices named in the reader's language. */
export function choicesOf(records: readonly NamedRecord[] | undefined, language: string) {
  return (records ?? []).map((record) => ({ id: record.id, name: nameOf(record, language) }));
}
