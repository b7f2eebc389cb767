import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { useLanguage } from '../i18n/recordName';
import { errorMessage } from '../providers/errors';
import { useAppDataProvider } from '../providers/appDataProvider';
import { saveFile } from '../components/saveFile';

/** Downloads the log as CSV with the filters on screen, headers in the console's language. */
export function ExportAuditLogButton() {
  const translate = useTranslate();
  const language = useLanguage();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { filterValues } = useListContext();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await dataProvider.exportAuditLog(filterValues, language));
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      loading={busy}
      loadingPosition="start"
      onClick={download}
      data-testid="audit-log-export"
    >
      {translate('audit.page.export_csv')}
    </Button>
  );
}
