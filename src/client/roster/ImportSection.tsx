import FactCheckIcon from '@mui/icons-material/FactCheck';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useAppDataProvider } from '../providers/appDataProvider';
import { errorMessage } from '../providers/errors';
import { refusedRosterReport, type RosterImport, type RosterMode } from '../providers/rosterMethods';
import { FileChooser } from './FileChooser';
import { ImportProgress } from './ImportProgress';
import { ImportReport } from './ImportReport';
import { RosterSection } from './RosterSection';
import { isUnderWay, useImportJob } from './useImportJob';

/** What the file chooser offers; the server decides by the content, not the name. */
const ACCEPTED = '.csv,.txt,.xlsx,.zip';

interface Checked {
  file: File;
  report: RosterImport;
}

/**
 * Upload, dry run, then import (ARCHITECTURE "One import flow"): the Import button wakes only once
 * a dry run of the chosen file found no row in error, and sends that same file; the job's progress
 * and outcome follow.
 */
export function ImportSection() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [started, setStarted] = useState<RosterImport | null>(null);
  const job = useImportJob(started, 'roster', dataProvider.rosterImport);
  const [refusal, setRefusal] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: ({ mode, file }: { mode: RosterMode; file: File }) =>
      dataProvider.uploadRoster(file, mode).then(({ data }) => ({ mode, file, data })),
    onSuccess: ({ mode, file, data }) => {
      if (mode === 'dry_run') setChecked({ file, report: data });
      else setStarted(data);
    },
    onError: (error, { mode, file }) => {
      setRefusal(errorMessage(error));
      // Rows went into error since the dry run: show them, and the import waits for a new check.
      const report = refusedRosterReport(error);
      if (report) setChecked({ file, report });
      else if (mode === 'dry_run') setChecked(null);
    },
  });

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setChecked(null);
    setStarted(null);
    setRefusal(null);
    upload.reset();
  };
  const send = (mode: RosterMode) => {
    if (!file) return;
    setRefusal(null);
    upload.mutate({ mode, file });
  };
  const sending = upload.isPending ? upload.variables?.mode : undefined;
  const canImport =
    checked !== null && checked.file === file && checked.report.summary.errors === 0 && job === null && !sending;

  return (
    <RosterSection
      title={translate('roster.page.upload_heading')}
      text={translate('roster.page.file_types')}
      testId="roster-upload"
    >
      <FileChooser
        file={file}
        accept={ACCEPTED}
        onChoose={choose}
        disabled={Boolean(sending) || (job !== null && isUnderWay(job))}
        labels={{ choose: 'roster.page.choose_file', none: 'roster.page.no_file' }}
        testId="roster-file"
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<FactCheckIcon />}
          disabled={!file || Boolean(sending) || job !== null}
          loading={sending === 'dry_run'}
          loadingPosition="start"
          onClick={() => send('dry_run')}
        >
          {translate('roster.page.dry_run')}
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
          {translate('roster.page.import')}
        </Button>
      </Stack>
      <Box aria-live="polite">
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="roster-refusal">
            {translate(refusal, { _: refusal })}
          </Alert>
        )}
      </Box>
      {checked && checked.file === file && !job && <ImportReport report={checked.report} />}
      {job && <ImportProgress job={job} />}
    </RosterSection>
  );
}
