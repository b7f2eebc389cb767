import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatNumber } from '../format';
import { useLanguage } from '../i18n/recordName';
import type { RosterSummary } from '../providers/rosterMethods';

const FIGURES = ['create', 'update', 'unchanged', 'errors'] as const;

/**
 * The four figures of a dry run (`summary`: to create, to update...) or of a finished import
 * (`done_summary`: created, updated...), as a description list.
 */
export function SummaryFigures({ summary, words }: { summary: RosterSummary; words: 'summary' | 'done_summary' }) {
  const translate = useTranslate();
  const language = useLanguage();
  return (
    <Box
      component="dl"
      data-testid={`roster-${words}`}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 1, m: 0 }}
    >
      {FIGURES.map((figure) => (
        <Box
          key={figure}
          data-figure={figure}
          sx={{
            border: 1,
            borderColor: figure === 'errors' && summary.errors > 0 ? 'error.main' : 'divider',
            borderRadius: 1,
            px: 1.5,
            py: 1,
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`roster.page.${words}.${figure}`)}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }}>
            {formatNumber(summary[figure], language)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
