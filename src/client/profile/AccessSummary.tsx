import { Box, Chip, FormControlLabel, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ROLES } from '../../common/permissions';
import type { ConsoleIdentity } from '../auth';
import { groupPermissions } from './permissionAreas';

/** A role in words in the reader's language ("Exam author"), else the name the server gave. */
function useRoleName() {
  const translate = useTranslate();
  return (role: ConsoleIdentity['roles'][number]) => {
    const short = role.role.split('.').pop() ?? role.role;
    return translate(`permissions.roles.${short}`, { _: role.name });
  };
}

/**
 * The user's roles and permissions, read-only (SPEC section 2, /profile): the roles and, per area,
 * the actions the user may take, in words in the reader's language; administrators can also show
 * the identifiers they hold. The list scrolls, so it is a focusable, named region for keyboards.
 */
export function AccessSummary({ roles, permissions }: { roles: ConsoleIdentity['roles']; permissions: string[] }) {
  const translate = useTranslate();
  const roleName = useRoleName();
  const isAdmin = roles.some((role) => role.role === ROLES.admin);
  const [raw, setRaw] = useState(false);
  const { areas, others } = groupPermissions(permissions, translate);
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
              <Chip label={roleName(role)} color="primary" variant="outlined" />
            </li>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3, mb: 1 }}>
        <Typography variant="h6" component="h2" id="profile-permissions" sx={{ flexGrow: 1 }}>
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
        <Box
          role="region"
          aria-labelledby="profile-permissions"
          tabIndex={0}
          data-testid="permissions-region"
          sx={{
            maxHeight: 360,
            overflow: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 2,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {raw ? (
            <Box
              component="ul"
              aria-label={translate('profile.permissions')}
              sx={{ m: 0, py: 1, px: 0, listStyle: 'none' }}
            >
              {[...permissions].sort().map((permission) => (
                <li key={permission}>
                  {/* Identifiers are isolated and left to right, even in Arabic. */}
                  <bdi dir="ltr" style={{ fontFamily: 'monospace', fontSize: 12 }}>
                    {permission}
                  </bdi>
                </li>
              ))}
            </Box>
          ) : (
            <Box
              component="dl"
              aria-label={translate('profile.permissions')}
              sx={{ m: 0, py: 1, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75 }}
            >
              {areas.map((area) => (
                <Box key={area.area} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                    {area.name}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {area.actions.join(translate('profile.action_separator'))}
                  </Typography>
                </Box>
              ))}
              {others.map((permission) => (
                <Box key={permission} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2">
                    <bdi dir="ltr">{permission}</bdi>
                  </Typography>
                  <dd />
                </Box>
              ))}
            </Box>
          )}
        </Box>
      )}
    </>
  );
}
