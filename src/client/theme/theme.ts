import { arSA, enUS, type Localization } from '@mui/material/locale';
import type { RaThemeOptions } from 'react-admin';
import { defaultTheme } from 'react-admin';

type Components = NonNullable<RaThemeOptions['components']>;

/** MUI's own words (Autocomplete's "Clear", pagination, ...) in the console's language, kept beside our overrides. */
function withLocale(components: Components, locale: Localization): Components {
  const merged: Record<string, { defaultProps?: object }> = { ...components };
  for (const [name, value] of Object.entries(locale.components ?? {})) {
    const ours = merged[name] ?? {};
    merged[name] = {
      ...ours,
      ...value,
      defaultProps: { ...(value as { defaultProps?: object }).defaultProps, ...ours.defaultProps },
    };
  }
  return merged as Components;
}

/** Arabic reads best in Cairo; Latin text keeps Roboto with Cairo as fallback for mixed content. */
const FONTS = {
  rtl: '"Cairo", "Roboto", "Helvetica", "Arial", sans-serif',
  ltr: '"Roboto", "Cairo", "Helvetica", "Arial", sans-serif',
};

/** The console's theme for one direction: react-admin's defaults with our palette and fonts. */
export function themeFor(rtl: boolean): RaThemeOptions {
  return {
    ...defaultTheme,
    direction: rtl ? 'rtl' : 'ltr',
    palette: {
      mode: 'light',
      primary: { main: '#1d5c63' },
      secondary: { main: '#c27c0e' },
      background: { default: '#f5f7f8' },
    },
    typography: {
      fontFamily: rtl ? FONTS.rtl : FONTS.ltr,
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 600 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 8 },
    components: withLocale(
      {
        ...defaultTheme.components,
        MuiAppBar: { defaultProps: { elevation: 0, color: 'primary' } },
        MuiCard: { defaultProps: { variant: 'outlined' } },
        // Arrow-like icons point the reading way: add this class to mirror them in Arabic.
        MuiCssBaseline: { styleOverrides: { '[dir="rtl"] .flip-in-rtl': { transform: 'scaleX(-1)' } } },
      },
      rtl ? arSA : enUS,
    ),
  };
}
