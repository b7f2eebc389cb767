import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { declaredFilters } from './DeclaredFilters';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Button, DataTable, List, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ListPagination, PAGE_SIZE } from '../components/ListPagination';
import { usePlatformSelection } from '../platforms';
import { PlatformSelector } from '../platforms';
import { AddedActions, useAddedActions } from './AddedActions';
import { useManagesChildren } from './ChildRecords';
import { DeleteRecordButton } from './DeleteRecordButton';
import { declaredColumns } from './DeclaredColumns';
import { useScreen } from './ScreenContext';
import { FetchErrorMessage, NoAccessMessage, NoDataMessage, ReadOnlyNotice, ScreenHeading } from './ScreenParts';
import { useResourceNotify } from './useResourceNotify';
import { SelectableBody } from './SelectableRows';
import { listLayoutSx } from '../components/listLayout';

function AddButton() {
  const { paths } = useScreen();
  return (
    <TopToolbar>
      <Button component={RouterLink} to={paths.create} label="ra.action.add" variant="contained" size="medium">
        <AddIcon />
      </Button>
    </TopToolbar>
  );
}

/**
 * Edit and delete of one row, each only with its permission; Show for one who may not edit the
 * record but manages its children (a school's classes); then what features add to the rows.
 */
function RowActions({
  record,
  platformId,
  opensForChildren,
}: {
  record: RaRecord;
  platformId: number | null;
  opensForChildren: boolean;
}) {
  const { definition, paths, access } = useScreen();
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }} onClick={(event) => event.stopPropagation()}>
      {access.canEdit && (
        <Button component={RouterLink} to={paths.edit(record.id)} label="ra.action.edit">
          <EditIcon />
        </Button>
      )}
      {opensForChildren && (
        <Button component={RouterLink} to={paths.edit(record.id)} label="ra.action.show">
          <VisibilityIcon />
        </Button>
      )}
      {access.canDelete && <DeleteRecordButton definition={definition} platformId={platformId} />}
      <AddedActions resource={definition.name} slot="rowActions" />
    </Box>
  );
}

/**
 * The generic settings list (SPEC sections 2, 6, 8): columns from the schema, its default
 * sort, a search box, pagination, the platform selector for platform-scoped resources, and
 * Add, edit and delete only with their permissions. `extraColumns` lets an override add cells.
 */
export function GenericList({ extraColumns }: { extraColumns?: ReactNode }) {
  const translate = useTranslate();
  const { definition, paths, access } = useScreen();
  const selection = usePlatformSelection();
  const notify = useResourceNotify(definition);
  const platform = definition.platformScoped ? (selection?.selected ?? null) : null;
  const platformId = platform?.id ?? null;
  const opensForChildren = useManagesChildren(definition) && !access.canEdit;
  const added = useAddedActions(definition.name, 'rowActions');

  if (!access.canView) {
    return (
      <>
        <ScreenHeading />
        <NoAccessMessage />
      </>
    );
  }
  // The search box has a placeholder but no visible label: name it for assistive technology.
  const filters = declaredFilters(definition, translate('ra.action.search'), platformId);

  return (
    <>
      <ScreenHeading />
      {access.readOnly && <ReadOnlyNotice />}
      {definition.platformScoped && <PlatformSelector />}
      {(!definition.platformScoped || platform) && (
        <List
          sx={listLayoutSx}
          // A new platform starts a fresh list (page 1, its own remembered search).
          key={platformId ?? 'all'}
          resource={definition.name}
          filter={platformId !== null ? { platform_id: platformId } : undefined}
          sort={{ field: definition.list.sort, order: definition.list.order === 'desc' ? 'DESC' : 'ASC' }}
          perPage={PAGE_SIZE}
          pagination={<ListPagination />}
          filters={filters}
          actions={access.canCreate ? <AddButton /> : false}
          exporter={false}
          title={false}
          empty={false}
          error={<FetchErrorMessage />}
          disableSyncWithLocation
          storeKey={`${definition.name}.${platformId ?? 'all'}.listParams`}
          queryOptions={{ onError: (error: unknown) => notify.fetchError(error) }}
        >
          <DataTable
            body={SelectableBody}
            bulkActionButtons={false}
            rowClick={access.canEdit || opensForChildren ? (id) => paths.edit(id) : false}
            empty={<NoDataMessage />}
          >
            {declaredColumns(definition, platform?.identifier ?? null)}
            {extraColumns}
            {(access.canEdit || access.canDelete || opensForChildren || added.length > 0) && (
              <DataTable.Col
                label="settings.actions"
                render={(record: RaRecord) => (
                  <RowActions record={record} platformId={platformId} opensForChildren={opensForChildren} />
                )}
              />
            )}
          </DataTable>
        </List>
      )}
    </>
  );
}
