import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { ADMIN_ONLY_AREAS, AREAS } from '../../common/permission-catalog';
import { parsePermission, permissionFor, ROLES } from '../../common/permissions';
import { useAccess } from '../auth';
import { PageHeading } from '../components/PageHeading';
import { useNotifyResult } from '../components/useNotifyResult';
import { areaActions, areaName, type Action } from '../profile';
import { useAppDataProvider } from '../providers/appDataProvider';
import type { RoleWithPermissions } from '../providers/userMethods';
import { rolePermissionGrid } from './rolePermissionGrid';

const ADMIN = ROLES.admin;

/**
 * `/settings/roles` (issue 41, mission row 8): each role's permissions as a grid of areas and the
 * actions that mean something in each, which an administrator changes and saves for the role as a
 * whole. The administrator role holds every permission and is shown, not edited.
 */
export default function RolesPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotifyResult('roles');
  const access = useAccess();
  const roles = useQuery({
    queryKey: ['roles', 'permissions'],
    queryFn: ({ signal }) => dataProvider.rolesWithPermissions(signal).then(({ data }) => data),
    retry: false,
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const [edits, setEdits] = useState<{ roleId: number; held: Set<string> } | null>(null);
  const list = roles.data ?? [];
  const role = list.find((r) => r.id === chosen) ?? list.find((r) => r.role !== ADMIN) ?? list[0];
  // Every permission of the console: the administrator role holds them all.
  const catalog = useMemo(() => list.find((r) => r.role === ADMIN)?.permissions.map((p) => p.permission) ?? [], [list]);
  // The administrator's own areas are not offered to other roles (the server refuses them).
  const grid = useMemo(
    () =>
      rolePermissionGrid(catalog, areaActions)
        .filter((row) => role?.role === ADMIN || !ADMIN_ONLY_AREAS.includes(row.area))
        .map((row) => ({ ...row, name: areaName(row.area, translate) }))
        .sort((a, b) => a.name.localeCompare(b.name, locale)),
    [catalog, translate, locale, role?.role],
  );
  const stored = useMemo(() => new Set(role?.permissions.map((p) => p.permission) ?? []), [role]);
  const held = edits && role && edits.roleId === role.id ? edits.held : stored;
  // The server lets an administrator alone set permissions: the Save is theirs.
  const editable = Boolean(
    role && role.role !== ADMIN && access.allows({ anyOf: [permissionFor(AREAS.roles, 'edit')], roles: [ADMIN] }),
  );
  const save = useMutation({
    mutationFn: (next: { roleId: number; permissions: string[] }) =>
      dataProvider.setRolePermissions(next.roleId, next.permissions),
    onSuccess: (answer) => {
      notify.text(answer.message, 'success');
      setEdits(null);
      void queryClient.invalidateQueries({ queryKey: ['roles'] });
    },
    onError: (error) => void notify.fail('save_failed', error),
  });

  const toggle = (permissions: string[], on: boolean) => {
    if (!role) return;
    const next = new Set(held);
    for (const permission of permissions)
      if (on) next.add(permission);
      else next.delete(permission);
    setEdits({ roleId: role.id, held: next });
  };
  const changed = edits !== null && role !== undefined && edits.roleId === role.id;

  return (
    <>
      <PageHeading title={translate('roles.title')} />
      {roles.isError && <Alert severity="error">{translate('roles.load_failed')}</Alert>}
      {roles.isPending && <CircularProgress size={28} aria-label={translate('ra.page.loading')} />}
      {role && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={translate('roles.role')}
              value={role.id}
              fullWidth={false}
              onChange={(event) => {
                setChosen(Number(event.target.value));
                setEdits(null);
              }}
              sx={{ minWidth: 240 }}
            >
              {list.map((r: RoleWithPermissions) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
            {editable && (
              <Button
                variant="contained"
                disabled={!changed || save.isPending}
                onClick={() =>
                  save.mutate({
                    roleId: role.id,
                    // What the grid does not offer (the administrator's own areas) is never sent.
                    permissions: [...held]
                      .filter((p) => !ADMIN_ONLY_AREAS.includes(parsePermission(p)?.area ?? ''))
                      .sort(),
                  })
                }
              >
                {translate('roles.save')}
              </Button>
            )}
          </Box>
          {role.role === ADMIN && <Alert severity="info">{translate('roles.admin_note')}</Alert>}
          {editable && <Typography color="text.secondary">{translate('roles.help')}</Typography>}
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('roles.grid', { role: role.name })} data-testid="role-grid">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('roles.area')}</TableCell>
                  {GRID_ACTIONS.map((action) => (
                    <TableCell key={action} align="center">
                      {translate(`permissions.actions.${action}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {grid.map((row) => (
                  <TableRow key={row.area} data-testid={`role-area-${row.area}`}>
                    <TableCell component="th" scope="row">
                      {row.name}
                    </TableCell>
                    {GRID_ACTIONS.map((action) => {
                      const permissions = row.actions.get(action);
                      if (!permissions) return <TableCell key={action} />;
                      const on = permissions.every((p) => held.has(p));
                      const label = translate('roles.cell', {
                        action: translate(`permissions.actions.${action}`),
                        area: row.name,
                      });
                      return (
                        <TableCell key={action} align="center" padding="checkbox">
                          <Checkbox
                            checked={on}
                            indeterminate={!on && permissions.some((p) => held.has(p))}
                            disabled={!editable || save.isPending}
                            onChange={(event) => toggle(permissions, event.target.checked)}
                            slotProps={{ input: { 'aria-label': label } }}
                          />
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </Box>
      )}
    </>
  );
}

const GRID_ACTIONS: readonly Action[] = ['view', 'create', 'edit', 'delete', 'assign', 'generate', 'download'];
