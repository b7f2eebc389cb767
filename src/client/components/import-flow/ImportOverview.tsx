import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SummaryFigures } from './SummaryFigures';

/**
 * The head of a dry run's report: facts about the file (already translated) as a description
 * list, then its figures under a heading. `heading` and `prefix` are catalog keys.
 */
export function ImportOverview<F extends string>({
  facts,
  heading,
  summary,
  figures,
  prefix,
  testId,
}: {
  facts: readonly (readonly [term: string, value: string])[];
  heading: string;
  summary: Readonly<Record<F, number>>;
  figures: readonly F[];
  prefix: string;
  testId: string;
}) {
  const translate = useTranslate();
  return (
    <>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              <bdi>{value}</bdi>
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
        {translate(heading)}
      </Typography>
      <SummaryFigures summary={summary} figures={figures} prefix={prefix} testId={testId} />
    </>
  );
}
