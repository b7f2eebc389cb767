import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Box, LinearProgress, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import { useMarkingWaiting } from './queries';
import { WaitingTable } from './WaitingTable';
import { WaitingTotals } from './WaitingTotals';

/**
 * `/marking` (issue 26): a marker's home, the exams with submitted answers that wait for their
 * first, second or deciding marks, each leading to its students. schemas/marking.ts hangs it in
 * the header for those who may save marks.
 */
export default function WaitingPage() {
  const translate = useTranslate();
  const waiting = useMarkingWaiting();
  const data = waiting.data;
  return (
    <>
      <PageHeading title={translate('homes.waiting.title')} />
      <Typography sx={{ mb: 2, maxWidth: 960 }}>{translate('homes.waiting.intro')}</Typography>
      {waiting.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {waiting.isError && <Alert severity="error">{translate('homes.fetch_error')}</Alert>}
      {data && data.exams.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, maxWidth: 960, textAlign: 'center' }} data-testid="waiting-empty">
          <Box sx={{ color: 'success.main', fontSize: 48, lineHeight: 1, mb: 1 }}>
            <TaskAltIcon fontSize="inherit" />
          </Box>
          <Typography variant="h6" component="h2">
            {translate('homes.waiting.empty_title')}
          </Typography>
          <Typography color="text.secondary">{translate('homes.waiting.empty')}</Typography>
        </Paper>
      )}
      {data && data.exams.length > 0 && (
        <>
          <WaitingTotals totals={data.totals} />
          <WaitingTable exams={data.exams} />
        </>
      )}
    </>
  );
}
