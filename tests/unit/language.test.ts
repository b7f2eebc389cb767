import { describe, expect, it } from 'vitest';
import { isRTL, languageFromHeader } from '../../locales/index';

describe('languages', () => {
  it('picks the best supported language from Accept-Language', () => {
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('ar')).toBe('ar');
    expect(languageFromHeader('ar-AE,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(languageFromHeader('fr-FR, en;q=0.5, ar;q=0.7')).toBe('ar');
    expect(languageFromHeader('fr, de')).toBe('en');
    expect(languageFromHeader('garbage;;q=x')).toBe('en');
  });

  it('knows which languages run right to left', () => {
    expect(['ar', 'he', 'fa', 'ur', 'ar-SA'].every(isRTL)).toBe(true);
    expect(isRTL('en')).toBe(false);
  });
});
