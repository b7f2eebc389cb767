import CancelIcon from '@mui/icons-material/Cancel';
import { Box, Chip } from '@mui/material';
import type { Role } from '../../providers/userMethods';

interface RoleChipsProps {
  roles: readonly Role[];
  /** With it, each chip has a remove button (role assignment on the edit screen). */
  onRemove?: (role: Role) => void;
  removeLabel?: (role: Role) => string;
  disabled?: boolean;
}

/** A user's roles by their translated names; the identifier is kept as a tooltip for admins. */
export function RoleChips({ roles, onRemove, removeLabel, disabled }: RoleChipsProps) {
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, listStyle: 'none' }}>
      {roles.map((role) => (
        <li key={role.role}>
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={role.name}
            title={role.role}
            disabled={disabled}
            onDelete={onRemove ? () => onRemove(role) : undefined}
            // The chip's remove icon is its only control: give it a name and a role.
            deleteIcon={
              onRemove ? <CancelIcon role="button" aria-label={removeLabel?.(role)} aria-hidden={false} /> : undefined
            }
          />
        </li>
      ))}
    </Box>
  );
}
