import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WaitingCounts } from '../../common/contracts/index';
import { formatNumber } from '../format';
import { useLanguage } from '../i18n/recordName';

const KINDS = ['first', 'second', 'deciding'] as const;

/** How many attempts wait for the marker in all, by the sheet they mark: first, second or deciding. */
export function WaitingTotals({ totals }: { totals: WaitingCounts }) {
  const translate = useTranslate();
  const language = useLanguage();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2, mb: 2, maxWidth: 960 }}>
      {KINDS.map((kind) => (
        <Paper key={kind} variant="outlined" sx={{ p: 2 }} data-testid={`waiting-total-${kind}`}>
          <Typography color="text.secondary">{translate(`homes.waiting.${kind}`)}</Typography>
          <Typography variant="h4" component="p">
            {formatNumber(totals[kind], language)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
