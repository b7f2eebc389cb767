import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatNumber } from '../../format';
import { useLanguage } from '../../i18n/recordName';

/**
 * The figures of a dry run (to create, to update...) or of a finished import (created, updated...),
 * as a description list, each labelled `<prefix>.<figure>`; `errors` is outlined when not zero.
 */
export function SummaryFigures<F extends string>({
  summary,
  figures,
  prefix,
  testId,
}: {
  summary: Readonly<Record<F, number>>;
  figures: readonly F[];
  prefix: string;
  testId: string;
}) {
  const translate = useTranslate();
  const language = useLanguage();
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 1, m: 0 }}
    >
      {figures.map((figure) => (
        <Box
          key={figure}
          data-figure={figure}
          sx={{
            border: 1,
            borderColor: figure === 'errors' && summary[figure] > 0 ? 'error.main' : 'divider',
            borderRadius: 1,
            px: 1.5,
            py: 1,
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`${prefix}.${figure}`)}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }}>
            {formatNumber(summary[figure], language)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
