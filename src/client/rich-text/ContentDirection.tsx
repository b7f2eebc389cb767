import { CacheProvider } from '@emotion/react';
import { Box, type SxProps, type Theme } from '@mui/material';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { isRTL } from '../../../locales/languages';
import { emotionCacheFor } from '../theme/emotionCache';

/**
 * Lays out content in its own language's direction, whatever the console's: an Arabic question
 * reads right to left in the English console and the other way round. The emotion cache and
 * the theme direction switch too, so MUI's margins and icons mirror with the text.
 */
export function ContentDirection({
  language,
  children,
  sx,
}: {
  language: string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const rtl = isRTL(language);
  const direction: 'rtl' | 'ltr' = rtl ? 'rtl' : 'ltr';
  // The surrounding theme (MUI's default outside the console), turned to the content's direction.
  const outer = useTheme();
  const theme = useMemo(() => (outer.direction === direction ? outer : { ...outer, direction }), [outer, direction]);
  return (
    <CacheProvider value={emotionCacheFor(rtl)}>
      <ThemeProvider theme={theme}>
        <Box dir={direction} lang={language} sx={sx}>
          {children}
        </Box>
      </ThemeProvider>
    </CacheProvider>
  );
}
