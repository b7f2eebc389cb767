import { createTheme, ThemeProvider, useTheme, type Theme } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlayerDisplay } from '../../../src/client/student/player/PlayerDisplay';
import { themeFor } from '../../../src/client/theme/theme';

/** The theme the player's pages are drawn with, under the console's Arabic theme. */
function playerTheme(high_contrast: boolean): { outer: Theme; inner: Theme } {
  const outer = createTheme(themeFor(true, undefined, false));
  let inner: Theme | undefined;
  const Read = () => {
    inner = useTheme();
    return null;
  };
  render(
    <ThemeProvider theme={outer}>
      <PlayerDisplay preferences={{ text_size: 'normal', high_contrast }}>
        <Read />
      </PlayerDisplay>
    </ThemeProvider>,
  );
  return { outer, inner: inner! };
}

describe('the player’s high contrast (issue 26)', () => {
  it('draws in black on white with a dark accent, its light and dark shades derived from it', () => {
    const { inner } = playerTheme(true);
    expect(inner.palette.primary).toMatchObject({ main: '#00307a', contrastText: '#ffffff' });
    // Derived from the new accent, not the console's teal.
    expect(inner.palette.primary.dark).not.toBe(createTheme(themeFor(true)).palette.primary.dark);
    expect(inner.palette.error.main).toBe('#a00000');
    expect(inner.palette.warning).toMatchObject({ main: '#7a3f00', light: '#9a4f00', dark: '#5c2f00' });
    expect(inner.palette.text).toMatchObject({ primary: '#000000', secondary: '#1a1a1a', disabled: '#3d3d3d' });
    expect(inner.palette.divider).toBe('#000000');
    expect(inner.palette.background).toEqual({ default: '#ffffff', paper: '#ffffff' });
    expect(inner.palette.getContrastText('#00307a')).toBe('#fff');
  });

  it('keeps the rest of the console’s theme: direction, fonts, shapes, components and its other colours', () => {
    const { outer, inner } = playerTheme(true);
    expect(inner.direction).toBe('rtl');
    expect(inner.typography.fontFamily).toBe(outer.typography.fontFamily);
    expect(inner.shape).toEqual(outer.shape);
    expect(inner.components).toEqual(outer.components);
    expect(inner.palette.secondary).toEqual(outer.palette.secondary);
    expect(inner.palette.success).toEqual(outer.palette.success);
    expect(inner.palette.contrastThreshold).toBe(4.5);
    expect(inner.spacing(2)).toBe(outer.spacing(2));
  });

  it('leaves the console’s theme as it is when the student keeps normal contrast', () => {
    const { outer, inner } = playerTheme(false);
    expect(inner.palette).toBe(outer.palette);
    expect(inner.components).toBe(outer.components);
  });
});
