import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ImportOverview } from '../components/import-flow';
import type { QuestionImport } from '../providers/interchangeMethods';
import { ItemsTable } from './ItemsTable';

export const SUMMARY_FIGURES = ['create', 'unsupported', 'errors', 'lookups_created'] as const;

/** What a dry run found (or why an import was refused): the file, the four figures and every question. */
export function QuestionImportReport({ report }: { report: QuestionImport }) {
  const translate = useTranslate();
  const { errors, create } = report.summary;
  return (
    <Box data-testid="interchange-report" sx={{ mt: 2 }}>
      <ImportOverview
        facts={[
          [translate('interchange.page.file'), report.file_name],
          [translate('interchange.page.format'), translate(`interchange.page.formats.${report.format}`)],
        ]}
        heading="interchange.page.summary_heading"
        summary={report.summary}
        figures={SUMMARY_FIGURES}
        prefix="interchange.page.summary"
        testId="interchange-summary"
      />
      {errors > 0 ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('interchange.page.fix_first')}
        </Alert>
      ) : create === 0 ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('interchange.page.nothing_to_create')}
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mt: 2 }}>
          {translate('interchange.page.no_problems')}
        </Alert>
      )}
      {report.status === 'dry_run' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('interchange.page.dry_run_done')}
        </Typography>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
        {translate('interchange.page.items_heading')}
      </Typography>
      <ItemsTable items={report.items} />
    </Box>
  );
}
