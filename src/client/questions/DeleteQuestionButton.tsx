import { DeleteWithConfirmButton, useTranslate, type RaRecord } from 'react-admin';
import { QUESTIONS_RESOURCE } from './access';
import { useQuestionNotify } from './useQuestionNotify';

interface DeleteQuestionButtonProps {
  record: RaRecord;
  /** Sent as `?platform_id=` so the server checks the question is on the selected platform. */
  platformId: number | null;
  onDeleted?: () => void;
}

/** Delete behind a confirmation (SPEC section 2), with the questions bank's toasts. */
export function DeleteQuestionButton({ record, platformId, onDeleted }: DeleteQuestionButtonProps) {
  const translate = useTranslate();
  const notify = useQuestionNotify();
  return (
    <DeleteWithConfirmButton
      record={record}
      resource={QUESTIONS_RESOURCE}
      mutationMode="pessimistic"
      redirect={false}
      confirmTitle={translate('question_editor.delete_title')}
      confirmContent={translate('question_editor.delete_content', { id: record.id })}
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
