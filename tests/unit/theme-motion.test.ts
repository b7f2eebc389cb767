import { createTheme } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefersReducedMotion, themeFor } from '../../src/client/theme/theme';

/** WCAG 2.3.3: the console moves nothing for a reader whose system asks for reduced motion. */
describe('the theme follows prefers-reduced-motion', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has no transitions, and no time for them, when less motion is asked for', () => {
    for (const rtl of [false, true]) {
      const { transitions } = createTheme(themeFor(rtl, undefined, true));
      expect(transitions.create(['opacity', 'transform'])).toBe('none');
      expect(transitions.getAutoHeightDuration(400)).toBe(0);
      expect(Object.values(transitions.duration)).toEqual(Array(7).fill(0));
    }
  });

  it('stops animations that run on their own (spinners, progress bars, skeletons) then, and only then', () => {
    const baseline = (still: boolean) =>
      JSON.stringify(createTheme(themeFor(false, undefined, still)).components?.MuiCssBaseline?.styleOverrides);
    expect(baseline(true)).toContain('"animationIterationCount":"1 !important"');
    expect(baseline(true)).toContain('"animationDuration":"0s !important"');
    expect(baseline(false)).not.toContain('animation');
  });

  it("keeps MUI's transitions otherwise", () => {
    const { transitions } = createTheme(themeFor(false, undefined, false));
    expect(transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(transitions.duration.leavingScreen).toBeGreaterThan(0);
    expect(transitions.getAutoHeightDuration(400)).toBeGreaterThan(0);
  });

  it("reads the reader's setting from the browser, and none outside one", () => {
    expect(prefersReducedMotion()).toBe(false);
    const asked: string[] = [];
    const matchMedia = (query: string) => {
      asked.push(query);
      return { matches: true };
    };
    vi.stubGlobal('window', { matchMedia });
    expect(prefersReducedMotion()).toBe(true);
    expect(asked).toEqual(['(prefers-reduced-motion: reduce)']);
    expect(createTheme(themeFor(true)).transitions.create('opacity')).toBe('none');
  });
});
