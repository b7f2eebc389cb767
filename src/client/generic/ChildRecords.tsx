import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, DataTable, ListBase, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { useAccess } from '../auth';
import { AddedActions, useAddedActions } from './AddedActions';
import { ChildRecordDialog } from './ChildRecordDialog';
import { DeleteRecordButton } from './DeleteRecordButton';
import { columnFieldByType } from './fieldTypes';
import { schemaRegistry } from './registry';
import { labelKeys, listColumns, screenPermissions } from './screen-config';
import { useScreenAccess } from './ScreenContext';
import { NoDataMessage } from './ScreenParts';

/** Schemas that declare `parent: {resource}`: they are edited on that resource's edit screen. */
export const childrenOf = (parent: ResourceDefinition) =>
  schemaRegistry.all().filter((definition) => definition.parent?.resource === parent.name);

/**
 * Whether the user may add or edit records of one of `parent`'s children: school staff who may not
 * edit their school may still manage its classes, so they open the school's screen for them.
 */
export function useManagesChildren(parent: ResourceDefinition): boolean {
  const access = useAccess();
  return childrenOf(parent).some((child) => {
    const { view, create, edit, roles } = screenPermissions(child);
    return access.allows({ anyOf: view, roles }) && access.allows({ anyOf: [create, edit], roles });
  });
}

/** One child resource's records of one parent (a school's classes): listed, added, edited, deleted in place. */
function ChildRecordsSection({ definition, parentId }: { definition: ResourceDefinition; parentId: Identifier }) {
  const translate = useTranslate();
  const access = useScreenAccess(definition);
  // null: closed; 'new': adding; an id: editing that record.
  const [open, setOpen] = useState<Identifier | 'new' | null>(null);
  const added = useAddedActions(definition.name, 'rowActions');
  if (!access.canView) return null;
  const parentField = definition.parent?.field ?? '';
  const title = translate(labelKeys(definition.name).name, { smart_count: 2 });

  return (
    <Paper
      component="section"
      aria-label={title}
      variant="outlined"
      sx={{ p: 2, mt: 3 }}
      data-testid={`children-${definition.name}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {access.canCreate && (
          <Button label="ra.action.add" variant="contained" onClick={() => setOpen('new')}>
            <AddIcon />
          </Button>
        )}
      </Box>
      <ListBase
        resource={definition.name}
        filter={{ [parentField]: parentId }}
        sort={{ field: definition.list.sort, order: definition.list.order === 'desc' ? 'DESC' : 'ASC' }}
        perPage={100}
        disableSyncWithLocation
        storeKey={false}
      >
        <DataTable resource={definition.name} bulkActionButtons={false} rowClick={false} empty={<NoDataMessage />}>
          {listColumns(definition, null).map((column) => (
            <DataTable.Col
              key={column.source}
              source={column.source}
              field={columnFieldByType[column.type]}
              disableSort
            />
          ))}
          {(access.canEdit || access.canDelete || added.length > 0) && (
            <DataTable.Col
              label="settings.actions"
              render={(record: RaRecord) => (
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                  {access.canEdit && (
                    <Button label="ra.action.edit" onClick={() => setOpen(record.id)}>
                      <EditIcon />
                    </Button>
                  )}
                  {access.canDelete && <DeleteRecordButton definition={definition} />}
                  <AddedActions resource={definition.name} slot="rowActions" />
                </Box>
              )}
            />
          )}
        </DataTable>
      </ListBase>
      {open !== null && (
        <ChildRecordDialog
          definition={definition}
          parentId={parentId}
          recordId={open === 'new' ? null : open}
          onClose={() => setOpen(null)}
        />
      )}
    </Paper>
  );
}

/** Every child resource of `parent`, below its edit form. */
export function ChildRecords({ parent, parentId }: { parent: ResourceDefinition; parentId: Identifier }) {
  return (
    <>
      {childrenOf(parent).map((definition) => (
        <ChildRecordsSection key={definition.name} definition={definition} parentId={parentId} />
      ))}
    </>
  );
}
