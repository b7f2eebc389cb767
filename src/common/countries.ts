import countries from 'i18n-iso-countries';
import arabicNames from 'i18n-iso-countries/langs/ar.json';
import englishNames from 'i18n-iso-countries/langs/en.json';
import type { Language } from '../../locales/index';

// Only the two console languages are bundled; other locales would add weight for nothing.
countries.registerLocale(englishNames);
countries.registerLocale(arabicNames);

export interface CountryChoice {
  id: string;
  name: string;
}

/** ISO 3166 alpha-2 codes with their names in `language`, in that language's alphabetical order. */
export function countryChoices(language: Language): CountryChoice[] {
  const collator = new Intl.Collator(language);
  return Object.entries(countries.getNames(language, { select: 'official' }))
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

export function countryName(code: string, language: Language): string {
  return countries.getName(code, language, { select: 'official' }) ?? code;
}
