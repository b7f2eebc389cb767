import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { StyleSheet } from '@emotion/sheet';
import { server } from './support/server';

// jsdom has no layout, and its getComputedStyle matches every rule of every sheet on each call:
// with MUI's generated rules in the page, the role and name queries spent most of their time there
// (issue 38: the console's files 494 s to 301 s of file time, all passing). The styles are not
// injected here; what the console looks like is checked in Chromium (the end-to-end layout,
// list-width and accessibility files). Hiding that the tests check is done by attributes (hidden,
// aria-hidden, inert) or inline styles, which stay.
StyleSheet.prototype.insert = () => undefined;

// Lazily loaded screens (exams, questions bank) are compiled on first use in a cold run, and CI's
// two cores are shared with other test files: give findBy* queries room for that instead of the
// 1 s default. A query that can never succeed only fails later; none passes that should not.
configure({ asyncUtilTimeout: 15_000 });

/** A desktop window unless a test narrows it (jsdom's default 1024 px would show the block page). */
const DESKTOP_WIDTH = 1280;

/** jsdom has no layout: answer width media queries from `window.innerWidth`. */
function matches(query: string): boolean {
  // The reader asks for reduced motion: the console's menus and dialogs come and go at once
  // (theme.ts), as in the end-to-end files' Chromium, instead of after MUI's transitions.
  if (query.includes('prefers-reduced-motion: reduce')) return true;
  const width = window.innerWidth;
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (max && width > Number(max[1])) return false;
  if (min && width < Number(min[1])) return false;
  return Boolean(max || min);
}

/** Change listeners of every query, told on `resize` (a test sets innerWidth and fires it). */
const listeners = new Set<{ query: string; last: boolean; listener: (event: MediaQueryListEvent) => void }>();
window.addEventListener('resize', () => {
  for (const entry of listeners) {
    const now = matches(entry.query);
    if (now !== entry.last) {
      entry.last = now;
      entry.listener({ matches: now, media: entry.query } as MediaQueryListEvent);
    }
  }
});

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  writable: true,
  value: (query: string): MediaQueryList => {
    const registered = new Map<
      unknown,
      { query: string; last: boolean; listener: (event: MediaQueryListEvent) => void }
    >();
    const add = (_type: string, listener: (event: MediaQueryListEvent) => void) => {
      const entry = { query, last: matches(query), listener };
      registered.set(listener, entry);
      listeners.add(entry);
    };
    const remove = (_type: string, listener: unknown) => {
      const entry = registered.get(listener);
      if (entry) listeners.delete(entry);
    };
    return {
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addListener: (listener: (event: MediaQueryListEvent) => void) => add('change', listener),
      removeListener: (listener: unknown) => remove('change', listener),
      addEventListener: add,
      removeEventListener: remove,
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  },
});
// react-admin scrolls to the top on navigation; jsdom only logs "not implemented".
window.scrollTo = () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.innerWidth = DESKTOP_WIDTH;
  // jsdom's 1024 would be a narrow window; 0 is a browser that does not say (the viewport decides).
  window.outerWidth = 0;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.title = '';
});
afterAll(() => server.close());
