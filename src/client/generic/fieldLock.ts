import type { FieldDefinition } from '../../../schemas/vocabulary';
import { accessPermissions } from '../../common/permission-catalog';
import { useAccess } from '../auth';

/**
 * Whether the signed-in user may not edit a field (`editableWith`, a student's extra time): such a
 * field is shown read-only, its value kept in what the form sends, so the server sees it unchanged.
 */
export function useFieldLock(): (field: FieldDefinition) => boolean {
  const access = useAccess();
  return (field) =>
    field.editableWith !== undefined && !access.allows({ anyOf: accessPermissions(field.editableWith) });
}
