import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PlatformPending } from '../../generic';
import { usePlatformSelection } from '../../platforms';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { QUESTION_PATHS, useQuestionAccess } from '../access';
import { QuestionHeading } from '../QuestionHeading';
import { useQuestionNotify } from '../useQuestionNotify';
import { QuestionPreview } from './QuestionPreview';

/** `/questions-bank/{id}/preview`: what the server would send a student, shown as a student sees it. */
export function QuestionPreviewPage() {
  const { id = '' } = useParams<{ id: string }>();
  const translate = useTranslate();
  const access = useQuestionAccess();
  const notify = useQuestionNotify();
  const dataProvider = useAppDataProvider();
  const platformId = usePlatformSelection()?.selected?.id ?? null;
  const preview = useQuery({
    queryKey: ['questions-bank', 'questionPreview', { id, platformId }],
    queryFn: ({ signal }) => dataProvider.questionPreview(id, platformId!, signal).then(({ data }) => data),
    enabled: platformId !== null,
    // A failed read shows at once (an alert) rather than after react-query's retries.
    retry: false,
  });

  // The data provider has already signed out a lost session; any other failure is a toast too.
  const { error } = preview;
  useEffect(() => {
    if (error) notify.fetchError(error);
    // `notify` changes identity on every render; one toast per failure.
  }, [error]);

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
      ) : preview.isError ? (
        <Alert severity="error">{translate('settings.fetch_error')}</Alert>
      ) : !preview.data ? (
        <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
      ) : (
        <Box sx={{ maxWidth: 900 }}>
          <QuestionPreview question={preview.data} />
        </Box>
      )}
    </>
  );
}
