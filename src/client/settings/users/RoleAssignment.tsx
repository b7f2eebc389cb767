import { Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { errorMessage } from '../../providers/errors';
import type { ManagedUser, Role } from '../../providers/userMethods';
import { RoleChips } from './RoleChips';
import { useRoles } from './useRoles';

/**
 * Adds and removes roles one at a time through the users API. The server answers with the
 * user, whose roles replace ours; a refusal (an admin removing their own admin role, 418)
 * is shown as the server words it.
 */
export function RoleAssignment({ user }: { user: ManagedUser }) {
  const translate = useTranslate();
  const notify = useNotify();
  const allRoles = useRoles();
  const dataProvider = useAppDataProvider();
  const [held, setHeld] = useState<Role[]>(user.roles ?? []);
  const [toAdd, setToAdd] = useState('');
  const [busy, setBusy] = useState(false);
  const available = (allRoles ?? []).filter((role) => !held.some((h) => h.role === role.role));

  const change = async (action: 'assign' | 'remove', role: string) => {
    setBusy(true);
    try {
      const { data: updated } = await dataProvider.changeUserRole(user.id, action, role);
      // A lost session: react-admin's data provider has signed out and answered an empty record.
      if (!updated?.roles) return;
      setHeld(updated.roles);
      setToAdd('');
      notify(action === 'assign' ? 'users.role_added' : 'users.role_removed', { type: 'success' });
    } catch (error) {
      const message = errorMessage(error, 'users.role_error');
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, maxWidth: 640 }} data-testid="role-assignment">
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('users.roles_title')}
      </Typography>
      {held.length === 0 ? (
        <Typography color="text.secondary">{translate('users.no_roles')}</Typography>
      ) : (
        <RoleChips
          roles={held}
          disabled={busy}
          onRemove={(role) => void change('remove', role.role)}
          removeLabel={(role) => translate('users.remove_role', { role: role.name })}
        />
      )}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 2 }}>
        <TextField
          select
          size="small"
          label={translate('users.role_to_add')}
          value={toAdd}
          onChange={(event) => setToAdd(event.target.value)}
          disabled={busy || available.length === 0}
          sx={{ minWidth: 240 }}
        >
          {available.map((role) => (
            <MenuItem key={role.role} value={role.role}>
              {role.name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={busy || toAdd === ''}
          onClick={() => void change('assign', toAdd)}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {translate('users.add_role')}
        </Button>
      </Box>
    </Paper>
  );
}
