import { DeleteWithConfirmButton, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { labelKeys } from './screen-config';
import { nameOf } from '../i18n/recordName';
import { useResourceNotify } from './useResourceNotify';

interface DeleteRecordButtonProps {
  definition: ResourceDefinition;
  /** Sent as `?platform_id=` so the server checks the record is on the selected platform. */
  platformId?: number | null;
  /** Where to go once the record is gone (an edit page); a list row stays put. */
  onDeleted?: () => void;
}

/** What the confirmation calls the record: its name in the reader's language, else its id. */
function recordLabel(record: RaRecord | undefined, language: string): string {
  if (!record) return '';
  return nameOf(record, language);
}

/** Delete behind a confirmation, with the resource's toasts; a 409 shows the server's "in use" message. */
export function DeleteRecordButton({ definition, platformId = null, onDeleted }: DeleteRecordButtonProps) {
  const translate = useTranslate();
  const record = useRecordContext();
  const [language] = useLocaleState();
  const notify = useResourceNotify(definition);
  const item = translate(labelKeys(definition.name).item);
  return (
    <DeleteWithConfirmButton
      resource={definition.name}
      mutationMode="pessimistic"
      redirect={false}
      confirmTitle={translate('settings.delete_title', { item })}
      confirmContent={translate('settings.delete_content', { label: recordLabel(record, language) })}
      mutationOptions={{
        meta: platformId !== null ? { platform_id: platformId } : undefined,
        onSuccess: () => {
          notify.deleted();
          onDeleted?.();
        },
        onError: (error: unknown) => notify.deleteError(error),
      }}
    />
  );
}
