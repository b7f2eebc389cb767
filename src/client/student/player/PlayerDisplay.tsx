import { createTheme, ThemeProvider, type Theme } from '@mui/material';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { PlayerPreferences } from '../api';

const ROOT_SIZES: Record<PlayerPreferences['text_size'], string> = { normal: '', large: '112.5%', larger: '125%' };

/**
 * Black on white with strong edges and a dark accent, over the console's theme. Only the palette is
 * made anew: spreading the whole outer theme into createTheme's options made TypeScript compare two
 * forms of MUI's component-props list, 53 s of a 113 s type check (issue 38).
 */
const contrast = (outer: Theme): Theme => ({
  ...outer,
  palette: createTheme({
    palette: {
      ...outer.palette,
      mode: 'light',
      primary: { main: '#00307a', contrastText: '#ffffff' },
      error: { main: '#a00000', contrastText: '#ffffff' },
      // The flags of the question map: 8.3:1 with white (MUI derives a light orange otherwise).
      warning: { main: '#7a3f00', light: '#9a4f00', dark: '#5c2f00', contrastText: '#ffffff' },
      text: { primary: '#000000', secondary: '#1a1a1a', disabled: '#3d3d3d' },
      divider: '#000000',
      background: { default: '#ffffff', paper: '#ffffff' },
    },
  }).palette,
});

/**
 * The player as the student likes it (issue 26): larger text (the page's root size, so every
 * rem-sized thing grows, layout included) and higher contrast; put back when the player closes.
 */
export function PlayerDisplay({ preferences, children }: { preferences: PlayerPreferences; children: ReactNode }) {
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.fontSize;
    root.style.fontSize = ROOT_SIZES[preferences.text_size];
    return () => {
      root.style.fontSize = before;
    };
  }, [preferences.text_size]);
  const theme = useMemo(
    () => (preferences.high_contrast ? contrast : (outer: Theme) => outer),
    [preferences.high_contrast],
  );
  return (
    <ThemeProvider theme={theme}>
      <div data-contrast={preferences.high_contrast ? 'high' : 'normal'} data-text-size={preferences.text_size}>
        {children}
      </div>
    </ThemeProvider>
  );
}
