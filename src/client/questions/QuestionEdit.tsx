import { CircularProgress } from '@mui/material';
import { useDataProvider, useGetOne, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { NoAccessMessage, PlatformPending } from '../generic';
import { usePlatformSelection, useSwitchToRecordPlatform } from '../platforms';
import { statusOf } from '../providers/errors';
import { SelectedPlatform } from '../platforms';
import { QUESTION_PATHS, QUESTIONS_RESOURCE, useQuestionAccess } from './access';
import { DeleteQuestionButton } from './DeleteQuestionButton';
import { QuestionForm } from './form/QuestionForm';
import { QuestionHeading } from './QuestionHeading';
import type { QuestionRecord } from './types';
import { useQuestionNotify } from './useQuestionNotify';

/** `/questions-bank/{id}/edit`: the same form, loaded with the question (answer key included). */
export function QuestionEdit() {
  const { id = '' } = useParams<{ id: string }>();
  const translate = useTranslate();
  const access = useQuestionAccess();
  const selection = usePlatformSelection();
  const dataProvider = useDataProvider();
  const notify = useQuestionNotify();
  const navigate = useNavigate();
  const platformId = selection?.selected?.id ?? null;
  const meta = platformId !== null ? { platform_id: platformId } : undefined;
  const backToList = () => navigate(QUESTION_PATHS.list);
  const switchToRecordPlatform = useSwitchToRecordPlatform();
  const { data: record } = useGetOne<QuestionRecord>(
    QUESTIONS_RESOURCE,
    { id: id as unknown as number, meta },
    {
      enabled: access.canEdit && platformId !== null,
      // Always the stored version: the form must not start from a list row or an old read.
      staleTime: 0,
      // A refusal is an answer: asked again it would only keep the page waiting (8 s before).
      retry: (count: number, error: unknown) => (statusOf(error) ?? 500) >= 500 && count < 2,
      onError: async (error: unknown) => {
        // A question of another platform: open it there rather than bounce to the list.
        if (statusOf(error) === 404 && (await switchToRecordPlatform(QUESTIONS_RESOURCE, id))) return;
        notify.fetchError(error);
        backToList();
      },
    },
  );

  return (
    <>
      <QuestionHeading title="question_editor.edit_title" />
      {!access.canEdit ? (
        <NoAccessMessage />
      ) : platformId === null ? (
        <PlatformPending />
      ) : !record ? (
        <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
      ) : (
        <>
          <SelectedPlatform />
          <QuestionForm
            key={record.id}
            platformId={record.platform_id}
            record={record}
            save={(data) =>
              dataProvider.update(QUESTIONS_RESOURCE, { id: record.id, data, previousData: record, meta })
            }
            onSaved={() => {
              notify.updated();
              backToList();
            }}
            onFailed={notify.updateError}
            actions={
              access.canDelete ? (
                <DeleteQuestionButton record={record} platformId={platformId} onDeleted={backToList} />
              ) : null
            }
          />
        </>
      )}
    </>
  );
}
