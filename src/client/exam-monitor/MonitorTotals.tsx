import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MonitorTotals as Totals } from '../../common/contracts/index';
import { formatNumber } from '../format';
import { useLanguage } from '../i18n/recordName';

/** Assigned, then each status (they add up to Assigned), then who is online: the groups' columns too. */
export const STATUS_COUNTS = [
  'assigned',
  'not_started',
  'in_progress',
  'submitted',
  'auto_submitted',
  'force_submitted',
  'absent',
  'online',
] as const;

const SHOWN = [...STATUS_COUNTS, 'unsent', 'released'] as const;

/** The counts of the exam (or of the school or class chosen), as a row of figures. */
export function MonitorTotals({ totals }: { totals: Totals }) {
  const translate = useTranslate();
  const language = useLanguage();
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 1.5, m: 0 }}
      data-testid="monitor-totals"
    >
      {SHOWN.map((key) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5 }} data-total={key}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`exam_day.totals.${key}`)}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 600 }}>
            {formatNumber(totals[key], language)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
