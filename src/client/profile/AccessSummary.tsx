import { Box, Chip, List, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ConsoleIdentity } from '../providers/authProvider';

/** The user's roles and permissions, read-only (SPEC section 2, /profile). */
export function AccessSummary({ roles, permissions }: { roles: ConsoleIdentity['roles']; permissions: string[] }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('profile.roles')}
      </Typography>
      {roles.length === 0 ? (
        <Typography color="text.secondary">{translate('profile.no_roles')}</Typography>
      ) : (
        <Box component="ul" aria-label={translate('profile.roles')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
          {roles.map((role) => (
            <li key={role.role}>
              <Chip label={role.name} title={role.role} color="primary" variant="outlined" />
            </li>
          ))}
        </Box>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 3 }} gutterBottom>
        {translate('profile.permissions')}
      </Typography>
      {permissions.length === 0 ? (
        <Typography color="text.secondary">{translate('profile.no_permissions')}</Typography>
      ) : (
        // Permission strings are identifiers: isolated and left to right, even in Arabic.
        <List dense aria-label={translate('profile.permissions')} sx={{ maxHeight: 360, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {permissions.map((permission) => (
            <ListItem key={permission} sx={{ fontFamily: 'monospace', fontSize: 13 }}>
              <bdi dir="ltr">{permission}</bdi>
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
