import { createTheme, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { themeFor } from '../../src/client/theme/theme';

/** WCAG 2.2 AA, 1.4.3: normal text needs 4.5:1 against what it is drawn on. */
const AA = 4.5;

describe('the console palette meets WCAG AA contrast in both directions', () => {
  for (const rtl of [false, true]) {
    const { palette } = createTheme(themeFor(rtl));
    const surfaces = {
      paper: palette.background.paper,
      page: palette.background.default,
      grey: palette.grey[100],
      // Form toolbars (Save, Delete) and a disabled chip.
      toolbar: palette.grey[300],
      'disabled chip': '#f0f0f0',
    };
    const colours = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

    it(`${rtl ? 'rtl' : 'ltr'}: filled colours carry their text (chips, contained buttons)`, () => {
      for (const name of colours) {
        const colour = palette[name];
        expect(getContrastRatio(colour.main, colour.contrastText), `${name}.main`).toBeGreaterThanOrEqual(AA);
        expect(getContrastRatio(colour.dark, colour.contrastText), `${name}.dark`).toBeGreaterThanOrEqual(AA);
      }
    });

    it(`${rtl ? 'rtl' : 'ltr'}: colours as text on paper, page and grey (outlined buttons and chips, Delete)`, () => {
      for (const name of colours) {
        for (const [surface, background] of Object.entries(surfaces)) {
          expect(getContrastRatio(palette[name].main, background), `${name} on ${surface}`).toBeGreaterThanOrEqual(AA);
        }
      }
    });

    it(`${rtl ? 'rtl' : 'ltr'}: grey text, disabled text and toggle buttons`, () => {
      const greys = {
        secondary: palette.text.secondary,
        disabled: palette.text.disabled,
        active: palette.action.active,
      };
      for (const [name, colour] of Object.entries(greys)) {
        for (const [surface, background] of Object.entries(surfaces)) {
          expect(getContrastRatio(colour, background), `${name} on ${surface}`).toBeGreaterThanOrEqual(AA);
        }
      }
    });
  }
});

describe('progress indicators', () => {
  it('are named by the catalog word for loading when they have no name of their own (axe: aria-progressbar-name)', () => {
    for (const [rtl, word] of [
      [false, 'Loading'],
      [true, 'جارٍ التحميل'],
    ] as const) {
      const { components } = createTheme(themeFor(rtl, word));
      expect(components?.MuiCircularProgress?.defaultProps).toMatchObject({ 'aria-label': word });
      expect(components?.MuiLinearProgress?.defaultProps).toMatchObject({ 'aria-label': word });
    }
  });
});
