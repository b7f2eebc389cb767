import { CacheProvider } from '@emotion/react';
import { CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { isRTL, type Language } from '../../../locales/languages';
import { applyDocumentLanguage } from '../language';
import { emotionCacheFor } from './emotionCache';
import { themeFor } from './theme';

/**
 * Direction is decided once, at the root, from the language (ARCHITECTURE principle 4):
 * `<html lang dir>`, the MUI theme and the emotion cache that mirrors styles.
 * react-admin builds its own theme from the same options inside <Admin>; this provider
 * serves what renders outside it (the block page) and holds the emotion cache for both.
 */
export function DirectionProvider({
  language,
  loading,
  children,
}: {
  language: Language;
  /** The catalog's word for loading, the name of progress indicators that have none (theme.ts). */
  loading?: string;
  children: ReactNode;
}) {
  const rtl = isRTL(language);
  const theme = useMemo(() => createTheme(themeFor(rtl, loading)), [rtl, loading]);
  // Before the first paint, so the page never shows in the wrong direction.
  useLayoutEffect(() => applyDocumentLanguage(language), [language]);
  return (
    <CacheProvider value={emotionCacheFor(rtl)}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
