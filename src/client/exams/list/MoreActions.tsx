import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useId, useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** One entry of a row's overflow menu: a link (`to`) or a command (`onClick`). */
export interface MenuAction {
  label: string;
  icon: ReactElement;
  to?: string;
  onClick?: () => void;
  danger?: boolean;
}

/**
 * A row's less used actions behind one "More actions" button: a menu opened by click, Enter or
 * Space, walked with the arrow keys and closed with Escape (MUI's Menu), each entry named by its
 * visible text. Links stay links, so they open in a new tab as well.
 */
export function MoreActions({ label, actions }: { label: string; actions: MenuAction[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? id : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
      </Tooltip>
      <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            {...(action.to ? { component: RouterLink, to: action.to } : {})}
            onClick={() => {
              close();
              action.onClick?.();
            }}
            sx={action.danger ? { color: 'error.main' } : undefined}
          >
            <ListItemIcon sx={action.danger ? { color: 'error.main' } : undefined}>{action.icon}</ListItemIcon>
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
