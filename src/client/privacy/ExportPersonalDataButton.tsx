import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { saveFile } from '../components/saveFile';
import { useAppDataProvider } from '../providers/appDataProvider';
import { errorMessage } from '../providers/errors';

/** Downloads everything the platform holds on the student on screen, as a ZIP (a right of access request). */
export function ExportPersonalDataButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext();
  const dataProvider = useAppDataProvider();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await dataProvider.studentPersonalData(Number(record.id)));
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
      title={translate('privacy.export.help')}
      data-testid="personal-data-export"
    >
      {translate('privacy.export.button')}
    </Button>
  );
}
