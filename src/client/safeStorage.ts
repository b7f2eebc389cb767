/**
 * The browser's storage, or, where the browser denies it (this site framed by another with
 * third-party storage blocked: an LTI platform's deep linking frame), one kept in memory for the
 * page, so the console still starts; what it holds is then forgotten with the page.
 */
const fallbacks = new Map<string, Storage>();

function inMemory(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

function open(kind: 'localStorage' | 'sessionStorage'): Storage {
  try {
    return window[kind];
  } catch {
    let fallback = fallbacks.get(kind);
    if (!fallback) fallbacks.set(kind, (fallback = inMemory()));
    return fallback;
  }
}

export const localStore = (): Storage => open('localStorage');
export const sessionStore = (): Storage => open('sessionStorage');

/**
 * Where the browser denies this page its storage, puts one kept in memory in its place before the
 * console loads: react-admin's store reads `window.localStorage` as its module loads.
 */
export function installStorageFallbacks(): void {
  for (const kind of ['localStorage', 'sessionStorage'] as const) {
    try {
      void window[kind];
    } catch {
      Object.defineProperty(window, kind, { value: open(kind), configurable: true });
    }
  }
}
