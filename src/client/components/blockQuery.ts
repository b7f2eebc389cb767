import { useSyncExternalStore } from 'react';

/** SPEC section 1: a window 1024 px wide or less is not a desktop, and the block page covers the console. */
export const BLOCK_WIDTH = 1024;

/**
 * The window's own width, not the zoomed viewport's: zooming to 200% halves `innerWidth` (and what
 * CSS media queries see) but leaves `outerWidth` alone in Chromium, so a reader who zooms a wide
 * window is never blocked (WCAG 1.4.4 and 1.4.10). Where a browser scales `outerWidth` with zoom
 * too, or reports none, the larger of the two keeps the rule about the window.
 */
export function windowWidth(): number {
  return Math.max(window.outerWidth || 0, window.innerWidth);
}

export const isBlocked = () => typeof window !== 'undefined' && windowWidth() <= BLOCK_WIDTH;

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** Whether the block page should cover the app now; follows the window as it is resized. */
export function useBlocked(): boolean {
  return useSyncExternalStore(subscribe, isBlocked, () => false);
}
