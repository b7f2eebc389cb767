import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { NavGroup } from './menu';

interface NavDropdownProps {
  label: string;
  testId: string;
  /** Groups already filtered to what the user may see. */
  groups: NavGroup[];
  /** Group titles help when a menu holds several sections. */
  showGroupTitles?: boolean;
}

/** A header button opening a menu of links; hidden when the user may see none of them. */
export function NavDropdown({ label, testId, groups, showGroupTitles = false }: NavDropdownProps) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!groups.some((group) => group.items.length > 0)) return null;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        data-testid={testId}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        endIcon={<ExpandMoreIcon />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        {translate(label)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {groups.flatMap((group) => [
          showGroupTitles ? (
            <ListSubheader key={`title-${group.label}`} sx={{ lineHeight: '36px' }}>
              {translate(group.label)}
            </ListSubheader>
          ) : null,
          ...group.items.map((item) => (
            <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={close}>
              {translate(item.label, item.labelArgs)}
            </MenuItem>
          )),
        ])}
      </Menu>
    </>
  );
}
