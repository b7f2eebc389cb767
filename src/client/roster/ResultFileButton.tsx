import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAppDataProvider } from '../providers/appDataProvider';
import type { RosterImport } from '../providers/rosterMethods';
import { useDownload } from '../components/import-flow';

/**
 * The file's rows with a status and a message column, in the format the file came in (a OneRoster
 * zip's as CSV), so the rows in error can be corrected in the same program.
 */
export function ResultFileButton({ report }: { report: RosterImport }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { pending, download } = useDownload();
  const format = report.format === 'xlsx' ? 'xlsx' : 'csv';
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      loading={pending !== null}
      loadingPosition="start"
      sx={{ mt: 2 }}
      onClick={() => download('result', () => dataProvider.rosterImportResult(report.id, format))}
      data-testid="roster-result-file"
    >
      {translate('roster.page.download_result')}
    </Button>
  );
}
