import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, EditBase, useTranslate, type Identifier } from 'react-admin';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { ResourceForm } from './ResourceForm';
import { formInputs, labelKeys, recordPayload } from './screen-config';
import { useResourceNotify } from './useResourceNotify';

interface ChildRecordDialogProps {
  /** The child resource (school classes); its `parent.field` is filled from the screen. */
  definition: ResourceDefinition;
  parentId: Identifier;
  /** The record to edit; null adds one. */
  recordId: Identifier | null;
  onClose: () => void;
}

/**
 * Adds or edits one child record with the generic form of its schema. Children are not
 * platform-scoped, so a dropdown of platform-scoped records (a class's grade) spans the
 * platforms and names each record's platform.
 */
export function ChildRecordDialog({ definition, parentId, recordId, onClose }: ChildRecordDialogProps) {
  const translate = useTranslate();
  const notify = useResourceNotify(definition);
  const inputs = formInputs(definition, null);
  const parentField = definition.parent?.field ?? '';
  const transform = (values: Record<string, unknown>) =>
    recordPayload(inputs, values, { [parentField]: Number(parentId) });
  const name = translate(labelKeys(definition.name).name, { smart_count: 1 });
  const form = <ResourceForm definition={definition} inputs={inputs} platformId={null} />;
  const saved = (done: () => void) => () => {
    done();
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="child-record-dialog-title">
      <DialogTitle id="child-record-dialog-title">
        {translate(recordId === null ? 'settings.create_title' : 'settings.edit_title', { name })}
      </DialogTitle>
      <DialogContent>
        {recordId === null ? (
          <CreateBase
            resource={definition.name}
            redirect={false}
            transform={transform}
            mutationOptions={{
              onSuccess: saved(notify.created),
              onError: (error: unknown) => notify.createError(error),
            }}
          >
            {form}
          </CreateBase>
        ) : (
          <EditBase
            resource={definition.name}
            id={recordId}
            mutationMode="pessimistic"
            redirect={false}
            transform={transform}
            queryOptions={{
              onError: (error: unknown) => {
                notify.fetchError(error);
                onClose();
              },
            }}
            mutationOptions={{
              onSuccess: saved(notify.updated),
              onError: (error: unknown) => notify.updateError(error),
            }}
          >
            {form}
          </EditBase>
        )}
      </DialogContent>
    </Dialog>
  );
}
