import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar/index';
import en from '../../locales/en/index';

type Catalog = { [key: string]: string | Catalog };

/** Every leaf as `dotted.key -> message`. */
function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.set(path, value);
    else for (const [leaf, message] of flatten(value, path)) leaves.set(leaf, message);
  }
  return leaves;
}

const placeholders = (message: string) => new Set([...message.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]));

// react-admin deliberately renders an empty boolean as a blank.
const BLANK_ALLOWED = new Set(['ra.boolean.null']);

const english = flatten(en as Catalog);
const arabic = flatten(ar as Catalog);

describe('locale catalogs', () => {
  it('have exactly the same keys in English and Arabic', () => {
    const missingInArabic = [...english.keys()].filter((key) => !arabic.has(key));
    const extraInArabic = [...arabic.keys()].filter((key) => !english.has(key));
    expect(missingInArabic).toEqual([]);
    expect(extraInArabic).toEqual([]);
  });

  it('have no empty messages', () => {
    for (const [name, catalog] of [
      ['en', english],
      ['ar', arabic],
    ] as const) {
      const empty = [...catalog].filter(
        ([key, message]) => message.trim() === '' && !(BLANK_ALLOWED.has(key) && message !== ''),
      );
      expect(empty.map(([key]) => `${name}:${key}`)).toEqual([]);
    }
  });

  it('hold no untranslated TODO(ar) left by npm run new:resource', () => {
    expect([...arabic].filter(([, message]) => message.includes('TODO(ar)')).map(([key]) => key)).toEqual([]);
  });

  it('keep every English placeholder in the Arabic message', () => {
    const lost: string[] = [];
    for (const [key, message] of english) {
      const translated = placeholders(arabic.get(key) ?? '');
      for (const name of placeholders(message)) if (!translated.has(name)) lost.push(`${key}: %{${name}}`);
    }
    expect(lost).toEqual([]);
  });

  it('give counted Arabic messages all six plural forms', () => {
    const wrong = [...arabic]
      .filter(([key]) => (english.get(key) ?? '').includes('||||'))
      .filter(([, message]) => message.split('||||').length !== 6)
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it('translate the Arabic catalog rather than copy the English one', () => {
    // Language names are written in their own language in both catalogs, on purpose;
    // messages made only of placeholders (`%{name}`) have nothing to translate.
    const hasWords = (message: string) => /[a-z]{3}/i.test(message.replace(/%\{\w+\}/g, ''));
    const sameAsEnglish = [...arabic]
      .filter(([key, message]) => !key.startsWith('languages.') && hasWords(message) && message === english.get(key))
      .map(([key]) => key);
    expect(sameAsEnglish).toEqual([]);
  });
});
