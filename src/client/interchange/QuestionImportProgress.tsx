import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { QUESTION_PATHS } from '../questions';
import { isUnderWay, SummaryFigures } from '../components/import-flow';
import type { QuestionImport } from '../providers/interchangeMethods';

const DONE_FIGURES = ['create', 'unsupported', 'lookups_created'] as const;

/**
 * An import job from its queuing to its end: a bar while it waits and runs (the server counts no
 * progress: the questions are written in one transaction), then what was created, and the bank.
 */
export function QuestionImportProgress({ job }: { job: QuestionImport }) {
  const translate = useTranslate();
  const headline =
    job.status === 'done'
      ? translate('interchange.page.done', { smart_count: job.created_ids.length })
      : translate(`interchange.page.import_status.${job.status === 'queued' ? 'queued' : 'running'}`);
  return (
    <Box data-testid="interchange-import" data-status={job.status} sx={{ mt: 2 }}>
      <ImportFactsLine job={job} />
      {job.status !== 'failed' && (
        // Read out when the status changes.
        <Typography variant="subtitle1" component="h3" role="status" sx={{ mb: 1 }}>
          {headline}
        </Typography>
      )}
      {isUnderWay(job) && <LinearProgress aria-label={translate('interchange.page.queued')} />}
      {job.status === 'done' && (
        <>
          <SummaryFigures
            summary={job.summary}
            figures={DONE_FIGURES}
            prefix="interchange.page.done_summary"
            testId="interchange-done-summary"
          />
          <Button
            component={RouterLink}
            to={QUESTION_PATHS.list}
            variant="contained"
            startIcon={<LibraryBooksIcon />}
            sx={{ mt: 2 }}
          >
            {translate('interchange.page.open_bank')}
          </Button>
        </>
      )}
      {job.status === 'failed' && (
        <Alert severity="error" data-testid="interchange-import-failed">
          {translate('interchange.page.failed', { error: job.error ?? translate('interchange.errors.import_failed') })}
        </Alert>
      )}
    </Box>
  );
}

/** The file being imported, named above its progress. */
function ImportFactsLine({ job }: { job: QuestionImport }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {translate('interchange.page.file')}: <bdi>{job.file_name}</bdi> ·{' '}
      {translate(`interchange.page.formats.${job.format}`)}
    </Typography>
  );
}
