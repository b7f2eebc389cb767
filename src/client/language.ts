import { DEFAULT_LANGUAGE, isLanguage, isRTL, LANGUAGE_STORAGE_KEY, type Language } from '../../locales/languages';
import { localStore, sessionStore } from './safeStorage';

/** The language chosen on this browser (SPEC section 9): stored under `language`, default `en`. */
export function getStoredLanguage(): Language {
  try {
    const stored = localStore().getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be disabled (privacy modes); the default language still works.
    return DEFAULT_LANGUAGE;
  }
}

/**
 * The language this page opens in: one the address asks for (`?lang=ar`, as an LTI platform's
 * launch says its user's), kept as the browser's choice; else the browser's stored choice.
 */
export function pageLanguage(): Language {
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(asked)) storeLanguage(asked);
  return getStoredLanguage();
}

export function storeLanguage(language: Language): void {
  localStore().setItem(LANGUAGE_STORAGE_KEY, language);
}

/** Sets `<html lang dir>` once at startup: the language only changes through a reload. */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = isRTL(language) ? 'rtl' : 'ltr';
}

const LANGUAGE_RELOAD = 'ltm-language-reload';

/**
 * Switching language reloads the page so every cache, direction and format starts clean. The page
 * that loads next is told it was only a change of language (`reloadedForLanguage`), so a running
 * exam goes straight back to its questions (issue 41).
 */
export function reloadPage(): void {
  sessionStore().setItem(LANGUAGE_RELOAD, window.location.pathname);
  window.location.reload();
}

/**
 * Whether this page load follows a change of language made on this very page (its path); asked
 * once (the answer is then forgotten), so a change made elsewhere never counts for a later page.
 */
export function reloadedForLanguage(): boolean {
  const reloaded = sessionStore().getItem(LANGUAGE_RELOAD) === window.location.pathname;
  sessionStore().removeItem(LANGUAGE_RELOAD);
  return reloaded;
}
