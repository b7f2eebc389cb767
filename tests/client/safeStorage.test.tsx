import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStoredLanguage, pageLanguage } from '../../src/client/language';
import { installStorageFallbacks, localStore } from '../../src/client/safeStorage';

/**
 * Issue 46: in a frame of another site (an LTI platform's deep linking) a browser may deny this
 * site its storage; the console still starts, in the language the address asks for.
 */
afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
});

describe('storage the browser denies', () => {
  it('is kept in memory for the page instead of stopping the console', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(getStoredLanguage()).toBe('en');
    localStore().setItem('language', 'ar');
    expect(localStore().getItem('language')).toBe('ar');
    expect(getStoredLanguage()).toBe('ar');
  });

  it('is put in the page’s place before the console loads, so libraries reading it directly start too', () => {
    const denied = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    installStorageFallbacks();
    try {
      window.localStorage.setItem('ra-store', '1');
      expect(window.localStorage.getItem('ra-store')).toBe('1');
    } finally {
      // jsdom's own storage back for the other tests.
      delete (window as unknown as Record<string, unknown>).localStorage;
      denied.mockRestore();
    }
  });

  it('opens the page in the language its address asks for, and only a language of ours', () => {
    window.history.replaceState(null, '', '/lti/deep-link?lang=ar');
    expect(pageLanguage()).toBe('ar');
    expect(window.localStorage.getItem('language')).toBe('ar');
    window.history.replaceState(null, '', '/lti/deep-link?lang=fr');
    window.localStorage.setItem('language', 'en');
    expect(pageLanguage()).toBe('en');
  });
});
