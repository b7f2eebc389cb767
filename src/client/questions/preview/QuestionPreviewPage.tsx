import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Button, useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PlatformPending } from '../../generic';
import { usePlatformSelection } from '../../platforms';
import { http } from '../../providers/http';
import { QUESTION_PATHS, useQuestionAccess } from '../access';
import { QuestionHeading } from '../QuestionHeading';
import type { PreviewQuestion } from '../types';
import { useQuestionNotify } from '../useQuestionNotify';
import { QuestionPreview } from './QuestionPreview';

/** `/questions-bank/{id}/preview`: what the server would send a student, shown as a student sees it. */
export function QuestionPreviewPage() {
  const { id = '' } = useParams<{ id: string }>();
  const translate = useTranslate();
  const access = useQuestionAccess();
  const notify = useQuestionNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const platformId = usePlatformSelection()?.selected?.id ?? null;
  const [question, setQuestion] = useState<PreviewQuestion | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (platformId === null) return;
    const controller = new AbortController();
    http<{ data: PreviewQuestion }>(`/questions-bank/${encodeURIComponent(id)}/preview`, {
      query: new URLSearchParams({ platform_id: String(platformId) }),
      signal: controller.signal,
    })
      .then(({ json }) => setQuestion(json.data))
      .catch(async (error: unknown) => {
        if (controller.signal.aborted || (await logoutIfAccessDenied(error))) return;
        setFailed(true);
        notify.fetchError(error);
      });
    return () => controller.abort();
    // `notify` and the logout helper change identity on every render; the fetch depends on the question only.
  }, [id, platformId]);

  return (
    <>
      <QuestionHeading title="question_editor.preview_title" />
      <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <Button component={RouterLink} to={QUESTION_PATHS.list} label="question_editor.back_to_list">
          <ArrowBackIcon className="flip-in-rtl" />
        </Button>
        {access.canEdit && (
          <Button component={RouterLink} to={QUESTION_PATHS.edit(id)} label="ra.action.edit">
            <EditIcon />
          </Button>
        )}
      </Box>
      {platformId === null ? (
        <PlatformPending />
      ) : failed ? (
        <Alert severity="error">{translate('settings.fetch_error')}</Alert>
      ) : !question ? (
        <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
      ) : (
        <Box sx={{ maxWidth: 900 }}>
          <QuestionPreview question={question} />
        </Box>
      )}
    </>
  );
}
