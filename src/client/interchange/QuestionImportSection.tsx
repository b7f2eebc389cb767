import FactCheckIcon from '@mui/icons-material/FactCheck';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../providers/errors';
import { FileChooser, isUnderWay, PageSection, useImportJob } from '../roster';
import { refusedQuestionImport, type ImportMode, type QuestionImport } from '../providers/interchangeMethods';
import { LookupDefaultsFields, type LookupDefaults } from './LookupDefaults';
import { QuestionImportProgress } from './QuestionImportProgress';
import { QuestionImportReport } from './QuestionImportReport';
import { useInterchange } from './useInterchange';

/** What the file chooser offers; the server decides by the content, not the name. */
const ACCEPTED = '.zip,.xml,.txt,.gift,.xlsx';

/** What a check was made with: another file or other options need a new check. */
interface Checked {
  file: File;
  options: string;
  report: QuestionImport;
}

/**
 * Upload, dry run, then import (ARCHITECTURE "One import flow"), into the selected platform: the
 * Import button wakes only once a dry run of the chosen file, with the same defaults, found
 * questions to create and none in error, and sends the same; the job's progress and outcome follow.
 */
export function QuestionImportSection({ platformId }: { platformId: number }) {
  const translate = useTranslate();
  const interchange = useInterchange();
  const [file, setFile] = useState<File | null>(null);
  const [defaults, setDefaults] = useState<LookupDefaults>({});
  const [createLookups, setCreateLookups] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [started, setStarted] = useState<QuestionImport | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const job = useImportJob(started, 'questions', interchange.questionImport);
  const options = JSON.stringify({ defaults, createLookups });

  const upload = useMutation({
    mutationFn: ({ mode, file }: { mode: ImportMode; file: File; options: string }) =>
      interchange.uploadQuestions({ file, mode, platformId, defaults, createLookups }).then(({ data }) => data),
    onSuccess: (data, { mode, file, options }) => {
      if (mode === 'dry_run') setChecked({ file, options, report: data });
      else setStarted(data);
    },
    onError: (error, { mode, file, options }) => {
      setRefusal(errorMessage(error));
      // Items went into error since the dry run: show them, and the import waits for a new check.
      const report = refusedQuestionImport(error);
      if (report) setChecked({ file, options, report });
      else if (mode === 'dry_run') setChecked(null);
    },
  });

  // Anything changed before the import starts: what was checked no longer stands.
  const restart = () => {
    setStarted(null);
    setRefusal(null);
    upload.reset();
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setChecked(null);
    restart();
  };
  const send = (mode: ImportMode) => {
    if (!file) return;
    setRefusal(null);
    upload.mutate({ mode, file, options });
  };
  const sending = upload.isPending ? upload.variables?.mode : undefined;
  const busy = Boolean(sending) || (job !== null && isUnderWay(job));
  const current = checked !== null && checked.file === file && checked.options === options ? checked : null;
  const canImport =
    current !== null &&
    current.report.summary.errors === 0 &&
    current.report.summary.create > 0 &&
    job === null &&
    !sending;

  return (
    <PageSection
      title={translate('interchange.page.upload_heading')}
      text={translate('interchange.page.file_types')}
      testId="interchange-upload"
    >
      <LookupDefaultsFields
        platformId={platformId}
        value={defaults}
        onChange={(value) => {
          setDefaults(value);
          if (job && !isUnderWay(job)) restart();
        }}
        disabled={busy}
      />
      <FormControlLabel
        sx={{ mb: 2 }}
        control={
          <Checkbox
            checked={createLookups}
            onChange={(event) => {
              setCreateLookups(event.target.checked);
              if (job && !isUnderWay(job)) restart();
            }}
            disabled={busy}
          />
        }
        label={translate('interchange.page.create_lookups')}
      />
      <FileChooser
        file={file}
        accept={ACCEPTED}
        onChoose={choose}
        disabled={busy}
        labels={{ choose: 'interchange.page.choose_file', none: 'interchange.page.no_file' }}
        testId="interchange-file"
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<FactCheckIcon />}
          // After an import, a new file (or new options) comes first, as on the roster page.
          disabled={!file || busy || job !== null}
          loading={sending === 'dry_run'}
          loadingPosition="start"
          onClick={() => send('dry_run')}
        >
          {translate('interchange.page.dry_run')}
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
          {translate('interchange.page.import')}
        </Button>
      </Stack>
      <Box aria-live="polite">
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="interchange-refusal">
            {translate(refusal, { _: refusal })}
          </Alert>
        )}
      </Box>
      {current && !job && <QuestionImportReport report={current.report} />}
      {job && <QuestionImportProgress job={job} />}
    </PageSection>
  );
}
