import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  FileChooser,
  ImportActions,
  isUnderWay,
  OptionCheckbox,
  PageSection,
  useImportFlow,
} from '../components/import-flow';
import { refusedQuestionImport, type QuestionImport } from '../providers/interchangeMethods';
import { LookupDefaultsFields, type LookupDefaults } from './LookupDefaults';
import { QuestionImportProgress } from './QuestionImportProgress';
import { QuestionImportReport } from './QuestionImportReport';
import { useInterchange } from './useInterchange';

/** What the file chooser offers; the server decides by the content, not the name. */
const ACCEPTED = '.zip,.xml,.txt,.gift,.xlsx';

/**
 * Upload, dry run, then import (ARCHITECTURE "One import flow"), into the selected platform: the
 * Import button wakes only once a dry run of the chosen file, with the same defaults, found
 * questions to create and none in error (or the author chose to import the rest without those),
 * and sends the same; the job's progress and outcome follow.
 */
export function QuestionImportSection({ platformId }: { platformId: number }) {
  const translate = useTranslate();
  const interchange = useInterchange();
  const [defaults, setDefaults] = useState<LookupDefaults>({});
  const [createLookups, setCreateLookups] = useState(false);
  const [skipErrors, setSkipErrors] = useState(false);
  const flow = useImportFlow<QuestionImport>({
    key: 'questions',
    upload: (file, mode) =>
      interchange
        .uploadQuestions({
          file,
          mode,
          platformId,
          defaults,
          createLookups,
          skipErrors: mode === 'import' && skipErrors,
        })
        .then(({ data }) => data),
    read: interchange.questionImport,
    refused: refusedQuestionImport,
    ready: (report) => (report.summary.errors === 0 || skipErrors) && report.summary.create > 0,
    // Other defaults need a new check, as another file does.
    options: JSON.stringify({ defaults, createLookups }),
  });
  const { job, current, busy } = flow;
  // Options changed after an import: its outcome gives way to a new check.
  const restartAfterImport = () => {
    if (job && !isUnderWay(job)) flow.restart();
  };

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
          restartAfterImport();
        }}
        disabled={busy}
      />
      <OptionCheckbox
        sx={{ mb: 2 }}
        checked={createLookups}
        onChange={(checked) => {
          setCreateLookups(checked);
          restartAfterImport();
        }}
        disabled={busy}
        label={translate('interchange.page.create_lookups')}
      />
      <FileChooser
        file={flow.file}
        accept={ACCEPTED}
        onChoose={(file) => {
          // Leaving questions out is chosen for one file's report, never carried to the next.
          setSkipErrors(false);
          flow.choose(file);
        }}
        disabled={busy}
        labels={{ choose: 'interchange.page.choose_file', none: 'interchange.page.no_file' }}
        testId="interchange-file"
      />
      <ImportActions
        flow={flow}
        labels={{ dryRun: 'interchange.page.dry_run', import: 'interchange.page.import' }}
        testId="interchange"
      />
      {current && !job && current.summary.errors > 0 && current.summary.create > 0 && (
        <OptionCheckbox
          sx={{ mt: 2 }}
          checked={skipErrors}
          onChange={setSkipErrors}
          disabled={busy}
          label={translate('interchange.page.skip_errors', {
            count: current.summary.create,
            errors: current.summary.errors,
          })}
        />
      )}
      {current && !job && <QuestionImportReport report={current} />}
      {job && <QuestionImportProgress job={job} />}
    </PageSection>
  );
}
