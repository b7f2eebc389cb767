import { Button, MenuItem, TextField, Toolbar, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatNumber } from '../../format';
import { useLanguage } from '../../i18n/recordName';
import type { ReportLanguageChoice } from '../../providers/reportMethods';

/** The selected reports' toolbar: how many, the files' language, Download and clear. */
export function DownloadBar({
  count,
  busy,
  onDownload,
  onClear,
}: {
  count: number;
  busy: boolean;
  onDownload: (language: ReportLanguageChoice) => void;
  onClear: () => void;
}) {
  const translate = useTranslate();
  const language = useLanguage();
  const [files, setFiles] = useState<ReportLanguageChoice>(language);
  const label = (key: string) => translate(`report_screens.reports.${key}`);
  return (
    <Toolbar
      variant="dense"
      sx={{ gap: 2, bgcolor: 'action.selected', mb: 1, flexWrap: 'wrap' }}
      data-testid="download-bar"
    >
      <Typography role="status">
        {translate('report_screens.reports.selected', { count: formatNumber(count, language) })}
      </Typography>
      <TextField
        select
        size="small"
        variant="filled"
        fullWidth={false}
        sx={{ width: 220 }}
        label={label('download_language')}
        value={files}
        onChange={(event) => setFiles(event.target.value as ReportLanguageChoice)}
      >
        {(['en', 'ar', 'both'] as const).map((choice) => (
          <MenuItem key={choice} value={choice}>
            {label(`languages.${choice}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="contained" disabled={busy} onClick={() => onDownload(files)}>
        {label('download')}
      </Button>
      <Button onClick={onClear}>{label('clear_selection')}</Button>
    </Toolbar>
  );
}
