import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QuestionImport } from '../providers/interchangeMethods';

/** The file's name and the format it was read as, as a description list. */
export function ImportFacts({ report }: { report: QuestionImport }) {
  const translate = useTranslate();
  const facts: [string, string][] = [
    [translate('interchange.page.file'), report.file_name],
    [translate('interchange.page.format'), translate(`interchange.page.formats.${report.format}`)],
  ];
  return (
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
  );
}
