import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DownloadedFile } from '../../providers/reportMethods';
import { useDownload } from './useDownload';

/**
 * One button per variant of a file (the template as CSV and Excel, the bank as QTI and Excel, a
 * template in each language): each fetches and saves it.
 */
export function FileButtons<V extends string>({
  variants,
  labels,
  request,
  testId,
  names,
}: {
  variants: readonly V[];
  labels: Record<V, string>;
  request: (variant: V) => Promise<DownloadedFile>;
  testId: string;
  /** Each button's accessible name, where its label alone does not say which file (a row of a table). */
  names?: (variant: V) => string;
}) {
  const translate = useTranslate();
  const { pending, download } = useDownload();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {variants.map((variant) => (
        <Button
          key={variant}
          variant="outlined"
          startIcon={<DownloadIcon />}
          loading={pending === variant}
          loadingPosition="start"
          onClick={() => download(variant, () => request(variant))}
          data-testid={`${testId}-${variant}`}
          aria-label={names?.(variant)}
        >
          {translate(labels[variant])}
        </Button>
      ))}
    </Stack>
  );
}
