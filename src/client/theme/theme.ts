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

/**
 * WCAG 2.2 AA (1.4.3) for every pair the console draws: each colour's main with its contrast text
 * (filled chips and buttons), and as text on paper and on the page's background (outlined buttons,
 * chips, links). MUI's own warning orange, info blue, grey toggles and disabled text fall short, so
 * the palette replaces them here, once, rather than element by element. Tested in
 * tests/unit/theme-contrast.test.ts.
 */
export const PALETTE = {
  mode: 'light',
  // MUI picks white or black text on a colour by this ratio; AA asks for 4.5 for normal text.
  contrastThreshold: 4.5,
  primary: { main: '#1d5c63' },
  secondary: { main: '#8a5300', light: '#c27c0e', dark: '#6b4000' },
  error: { main: '#b71c1c' },
  warning: { main: '#9a4300', light: '#ed6c02', dark: '#7a3700' },
  info: { main: '#01579b', light: '#0288d1', dark: '#013f70' },
  success: { main: '#1b6e20', light: '#2e7d32', dark: '#10501a' },
  text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.64)', disabled: 'rgba(0, 0, 0, 0.6)' },
  // Icons and toggle buttons' text.
  action: { active: 'rgba(0, 0, 0, 0.64)' },
  background: { default: '#f5f7f8', paper: '#ffffff' },
} as const;

/**
 * WCAG 2.3.3: a reader whose system asks for less motion gets none. Menus, dialogs, drawers and
 * the app bar appear and leave at once, instead of fading, growing or sliding.
 */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
const STILL = {
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  getAutoHeightDuration: () => 0,
  create: () => 'none',
};

/**
 * Nor does anything move on its own: spinners, progress bars and skeletons stand still (they still
 * say that something loads), instead of being drawn again sixty times a second while it does.
 */
const STILL_ANIMATIONS = {
  '*, *::before, *::after': { animationDuration: '0s !important', animationIterationCount: '1 !important' },
};

/**
 * The console's theme for one direction: react-admin's defaults with our palette and fonts.
 * `loading`, the catalog's word for it, names every progress indicator that has no name of its own
 * (react-admin's selects while their choices load), as WCAG 4.1.2 asks (axe: aria-progressbar-name).
 */
export function themeFor(rtl: boolean, loading?: string, still = prefersReducedMotion()): RaThemeOptions {
  return {
    ...defaultTheme,
    ...(still ? { transitions: STILL } : {}),
    direction: rtl ? 'rtl' : 'ltr',
    palette: PALETTE,
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
        // A disabled chip (a read-only tag) stays readable: lighter, not faded to 2:1.
        MuiChip: {
          styleOverrides: {
            root: {
              '&.Mui-disabled': { opacity: 1, backgroundColor: '#f0f0f0', color: PALETTE.text.disabled },
            },
          },
        },
        ...(loading
          ? {
              MuiCircularProgress: { defaultProps: { 'aria-label': loading } },
              MuiLinearProgress: { defaultProps: { 'aria-label': loading } },
            }
          : {}),
        // Arrow-like icons point the reading way: add this class to mirror them in Arabic.
        MuiCssBaseline: {
          styleOverrides: {
            '[dir="rtl"] .flip-in-rtl': { transform: 'scaleX(-1)' },
            ...(still ? STILL_ANIMATIONS : {}),
          },
        },
      },
      rtl ? arSA : enUS,
    ),
  };
}
