import LogoutIcon from '@mui/icons-material/Logout';
import { Avatar, Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetIdentity, useLocaleState, useLogout, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ConsoleIdentity } from '../auth';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0])
    .join('')
    .toUpperCase();
}

/** The signed-in user: a profile link (name, roles, email) and a confirmed logout (SPEC section 2). */
export function UserMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const [locale] = useLocaleState();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const user = identity as ConsoleIdentity | undefined;
  if (!user) return null;
  const roleNames = new Intl.ListFormat(locale, { type: 'conjunction' }).format(user.roles.map((role) => role.name));

  return (
    <>
      <Button
        color="inherit"
        data-testid="user-menu"
        title={translate('nav.user_menu')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={
          <Avatar aria-hidden sx={{ width: 28, height: 28, fontSize: 13, bgcolor: 'secondary.dark' }}>
            {initialsOf(user.fullName)}
          </Avatar>
        }
      >
        {user.fullName}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem component={RouterLink} to="/profile" onClick={() => setAnchor(null)} data-testid="profile-link">
          <ListItemText
            primary={user.fullName}
            secondary={
              <>
                {roleNames && <span style={{ display: 'block' }}>{roleNames}</span>}
                <bdi>{user.email}</bdi>
              </>
            }
          />
        </MenuItem>
        <Divider />
        <MenuItem
          data-testid="logout"
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" className="flip-in-rtl" />
          </ListItemIcon>
          {translate('nav.logout')}
        </MenuItem>
      </Menu>
      <Confirm
        isOpen={confirming}
        title="nav.logout_confirm_title"
        content="nav.logout_confirm_content"
        confirm="nav.logout"
        onConfirm={() => {
          setConfirming(false);
          void logout();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
