import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatNumber } from '../format';
import { useLanguage } from '../i18n/recordName';
import type { RosterImport } from '../providers/rosterMethods';
import { ROSTER_FIGURES } from './ImportReport';
import { ResultFileButton } from './ResultFileButton';
import { SummaryFigures } from '../components/import-flow';

/** An import job from its queuing to its end: a determinate progress bar, then its outcome. */
export function ImportProgress({ job }: { job: RosterImport }) {
  const translate = useTranslate();
  const language = useLanguage();
  const done = job.status === 'done' ? job.total : job.progress;
  const percent = job.total > 0 ? Math.min(100, Math.round((done / job.total) * 100)) : job.status === 'done' ? 100 : 0;
  const progressText = translate('roster.page.progress', {
    done: formatNumber(done, language),
    total: formatNumber(job.total, language),
  });

  return (
    <Box data-testid="roster-import" data-status={job.status} sx={{ mt: 2 }}>
      {/* Read out when the status changes, not at every tick of the bar. */}
      <Typography variant="subtitle1" component="h3" role="status" sx={{ mb: 1 }}>
        {translate(`roster.page.status.${job.status}`)}
      </Typography>
      {job.status !== 'failed' && (
        <>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={translate('roster.page.importing')}
            aria-valuetext={progressText}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {progressText}
          </Typography>
        </>
      )}
      {job.status === 'done' && (
        <>
          <Box sx={{ mt: 2 }}>
            <SummaryFigures
              summary={job.summary}
              figures={ROSTER_FIGURES}
              prefix="roster.page.done_summary"
              testId="roster-done_summary"
            />
          </Box>
          <ResultFileButton report={job} />
        </>
      )}
      {job.status === 'failed' && (
        <Alert severity="error" data-testid="roster-import-failed">
          {job.error ?? translate('roster.page.failed')}
        </Alert>
      )}
    </Box>
  );
}
