import { DEFAULT_LANGUAGE, isLanguage, isRTL, LANGUAGE_STORAGE_KEY, type Language } from '../../locales/languages';

/** The language chosen on this browser (SPEC section 9): stored under `language`, default `en`. */
export function getStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be disabled (privacy modes); the default language still works.
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
}

/** Sets `<html lang dir>` once at startup: the language only changes through a reload. */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = isRTL(language) ? 'rtl' : 'ltr';
}

/** Switching language reloads the page so every cache, direction and format starts clean. */
export function reloadPage(): void {
  window.location.reload();
}
