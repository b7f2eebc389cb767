import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DownloadedFile } from '../providers/reportMethods';
import type { RosterFormat } from '../providers/rosterMethods';
import { useDownload } from './useDownload';

/** A CSV and an Excel button for one file (the template, the export): each fetches and saves it. */
export function FileButtons({
  labels,
  request,
  testId,
}: {
  labels: Record<RosterFormat, string>;
  request: (format: RosterFormat) => Promise<DownloadedFile>;
  testId: string;
}) {
  const translate = useTranslate();
  const { pending, download } = useDownload();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="outlined"
          startIcon={<DownloadIcon />}
          loading={pending === format}
          loadingPosition="start"
          onClick={() => download(format, () => request(format))}
          data-testid={`${testId}-${format}`}
        >
          {translate(labels[format])}
        </Button>
      ))}
    </Stack>
  );
}
