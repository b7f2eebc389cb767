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
    <AppBar position="sticky">
      <Toolbar sx={{ gap: 2 }}>
        <Logo />
        <Box sx={{ display: 'flex', flexGrow: 1 }}>{nav}</Box>
        <LanguageSwitcher />
        {end}
      </Toolbar>
    </AppBar>
  );
}
