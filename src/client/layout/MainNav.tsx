import { Box, Button } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { NavLink } from 'react-router-dom';
import { useAccess, type Access } from '../auth';
import { MAIN_LINKS, REPORTS_MENU, SETTINGS_MENU, type NavGroup, type NavItem } from './menu';
import { NavDropdown } from './NavDropdown';

type Label = (item: NavItem) => string;

/**
 * Keeps the groups the user may open, each with only the links the user may follow. With
 * `sortBy`, links read in alphabetical order of the reader's language (the settings links
 * come from schema files, which have no order of their own).
 */
function visibleGroups(groups: NavGroup[], access: Access, sortBy?: { label: Label; locale: string }): NavGroup[] {
  const collator = sortBy ? new Intl.Collator(sortBy.locale) : null;
  return groups
    .filter((group) => access.allows(group))
    .map((group) => {
      const items = group.items.filter((item) => access.allows(item));
      if (collator && sortBy) items.sort((a, b) => collator.compare(sortBy.label(a), sortBy.label(b)));
      return { ...group, items };
    })
    .filter((group) => group.items.length > 0);
}

const activeLink = { '&.active': { bgcolor: 'rgba(255, 255, 255, 0.16)' } };

/** The signed-in navigation (SPEC section 2): every link appears only with its permission. */
export function MainNav() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const access = useAccess();
  if (access.isPending) return null;
  const links = MAIN_LINKS.filter((link) => access.allows(link));

  return (
    <Box component="nav" aria-label={translate('nav.main')} sx={{ display: 'flex', gap: 0.5 }}>
      {links.map((link) => (
        <Button key={link.to} color="inherit" component={NavLink} to={link.to} sx={activeLink}>
          {translate(link.label)}
        </Button>
      ))}
      <NavDropdown label="nav.reports" testId="reports-menu" groups={visibleGroups(REPORTS_MENU, access)} />
      <NavDropdown
        label="nav.settings"
        testId="settings-menu"
        groups={visibleGroups(SETTINGS_MENU, access, {
          label: (item) => translate(item.label, item.labelArgs),
          locale,
        })}
        showGroupTitles
      />
    </Box>
  );
}
