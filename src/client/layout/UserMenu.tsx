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

/** What a sign-out must ask and do first: the student's area warns about work not sent yet and forgets it. */
export interface LogoutGuard {
  /** The dialog to show instead of the usual one (catalog keys), or null when nothing is at risk. */
  check(): Promise<{ title: string; content: string; confirm: string; params?: Record<string, unknown> } | null>;
  /** Called once the user confirmed, before the session ends. */
  beforeLogout(): Promise<void>;
}

const PLAIN = { title: 'nav.logout_confirm_title', content: 'nav.logout_confirm_content', confirm: 'nav.logout' };

/** The signed-in user: a profile link (name, roles, email) and a confirmed logout (SPEC section 2). */
export function UserMenu({ guard }: { guard?: LogoutGuard }) {
  const translate = useTranslate();
  const logout = useLogout();
  const [locale] = useLocaleState();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [dialog, setDialog] = useState<Awaited<ReturnType<LogoutGuard['check']>>>(null);
  const [checking, setChecking] = useState(false);
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
          disabled={checking}
          onClick={async () => {
            setAnchor(null);
            setChecking(true);
            setDialog(guard ? await guard.check().catch(() => null) : null);
            setChecking(false);
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
        title={(dialog ?? PLAIN).title}
        content={(dialog ?? PLAIN).content}
        confirm={(dialog ?? PLAIN).confirm}
        translateOptions={dialog?.params}
        confirmColor={dialog ? 'warning' : 'primary'}
        onConfirm={async () => {
          setConfirming(false);
          await guard?.beforeLogout().catch(() => undefined);
          void logout();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
