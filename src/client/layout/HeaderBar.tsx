import { AppBar, Box, Toolbar } from '@mui/material';
import type { ReactNode } from 'react';
import { Logo } from '../components/Logo';
import { LanguageSwitcher } from './LanguageSwitcher';

/**
 * The one header shape: logo, navigation, language, then the user's corner. Signed-in
 * and signed-out pages fill the slots differently but share the element tree, so the
 * language switcher stays put (and keeps its state) when the auth check resolves.
 */
export function HeaderBar({ nav, end }: { nav?: ReactNode; end?: ReactNode }) {
  return (
    // Zoomed to 200% (a 1280 px window is then 640 CSS px wide) the header wraps instead of running
    // off the page (WCAG 1.4.10), and scrolls away rather than holding half the screen.
    <AppBar position="sticky" sx={{ position: { xs: 'static', md: 'sticky' } }}>
      <Toolbar sx={{ gap: 2, flexWrap: 'wrap', rowGap: 0.5, py: { xs: 0.5, md: 0 } }}>
        <Logo />
        <Box sx={{ display: 'flex', flexGrow: 1, flexWrap: 'wrap', '& nav': { flexWrap: 'wrap' } }}>{nav}</Box>
        <LanguageSwitcher />
        {end}
      </Toolbar>
    </AppBar>
  );
}
