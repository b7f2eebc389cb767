import { Box, Chip, FormControlLabel, List, ListItem, ListItemText, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ROLES } from '../../common/permissions';
import type { ConsoleIdentity } from '../auth';
import { permissionLabel } from './permissionLabel';

/**
 * The user's roles and permissions, read-only (SPEC section 2, /profile): each permission in words
 * in the reader's language; administrators can also show the identifiers they grant.
 */
export function AccessSummary({ roles, permissions }: { roles: ConsoleIdentity['roles']; permissions: string[] }) {
  const translate = useTranslate();
  const isAdmin = roles.some((role) => role.role === ROLES.admin);
  const [raw, setRaw] = useState(false);
  const labelled = permissions
    .map((permission) => ({ permission, label: permissionLabel(permission, translate) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('profile.roles')}
      </Typography>
      {roles.length === 0 ? (
        <Typography color="text.secondary">{translate('profile.no_roles')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={translate('profile.roles')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
        >
          {roles.map((role) => (
            <li key={role.role}>
              <Chip label={role.name} title={role.role} color="primary" variant="outlined" />
            </li>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('profile.permissions')}
        </Typography>
        {isAdmin && (
          <FormControlLabel
            control={<Switch checked={raw} onChange={(event) => setRaw(event.target.checked)} />}
            label={translate('profile.raw_permissions')}
          />
        )}
      </Box>
      {permissions.length === 0 ? (
        <Typography color="text.secondary">{translate('profile.no_permissions')}</Typography>
      ) : (
        <List
          dense
          aria-label={translate('profile.permissions')}
          sx={{ maxHeight: 360, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {labelled.map(({ permission, label }) => (
            <ListItem key={permission}>
              <ListItemText
                primary={label}
                // Identifiers are isolated and left to right, even in Arabic.
                secondary={raw ? <bdi dir="ltr">{permission}</bdi> : undefined}
                slotProps={{ secondary: { sx: { fontFamily: 'monospace', fontSize: 12 } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
