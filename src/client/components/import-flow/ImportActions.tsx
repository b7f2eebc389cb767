import FactCheckIcon from '@mui/icons-material/FactCheck';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ImportFlow } from './useImportFlow';

/**
 * The Dry run and Import buttons of an import flow and, below them, the server's refusal (read out
 * as it comes). `labels` are catalog keys; the refusal's test id is `<testId>-refusal`.
 */
export function ImportActions({
  flow,
  labels,
  testId,
}: {
  flow: Pick<ImportFlow, 'canCheck' | 'canImport' | 'sending' | 'send' | 'refusal'>;
  labels: { dryRun: string; import: string };
  testId: string;
}) {
  const translate = useTranslate();
  const { canCheck, canImport, sending, send, refusal } = flow;
  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<FactCheckIcon />}
          disabled={!canCheck}
          loading={sending === 'dry_run'}
          loadingPosition="start"
          onClick={() => send('dry_run')}
        >
          {translate(labels.dryRun)}
        </Button>
        <Button
          variant="contained"
          color="success"
          disabled={!canImport}
          loading={sending === 'import'}
          loadingPosition="start"
          startIcon={<UploadFileIcon />}
          onClick={() => send('import')}
        >
          {translate(labels.import)}
        </Button>
      </Stack>
      <Box aria-live="polite">
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid={`${testId}-refusal`}>
            {translate(refusal, { _: refusal })}
          </Alert>
        )}
      </Box>
    </>
  );
}
