import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { permissionFor } from '../../common/permissions';
import { useAccess } from '../auth';
import { useAppDataProvider } from '../providers/appDataProvider';
import { refusedRosterReport, type RosterImport } from '../providers/rosterMethods';
import { ImportProgress } from './ImportProgress';
import { ImportReport } from './ImportReport';
import {
  FileChooser,
  ImportActions,
  isUnderWay,
  OptionCheckbox,
  PageSection,
  useImportFlow,
} from '../components/import-flow';

/** What the file chooser offers; the server decides by the content, not the name. */
const ACCEPTED = '.csv,.txt,.xlsx,.zip';
/** Making classes is the class form's right. */
const MAKE_CLASSES = [permissionFor('school-classes', 'create')];

/**
 * Upload, dry run, then import (ARCHITECTURE "One import flow"): the Import button wakes only once
 * a dry run of the chosen file found no row in error, and sends that same file; the job's progress
 * and outcome follow. Whoever may make classes may ask for the ones the file names that their
 * schools lack (a OneRoster file's); changing that asks for a new check.
 */
export function ImportSection() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const mayMakeClasses = useAccess().allows({ anyOf: MAKE_CLASSES });
  const [createClasses, setCreateClasses] = useState(false);
  const flow = useImportFlow<RosterImport>({
    key: 'roster',
    upload: (file, mode) => dataProvider.uploadRoster(file, mode, createClasses).then(({ data }) => data),
    read: dataProvider.rosterImport,
    refused: refusedRosterReport,
    ready: (report) => report.summary.errors === 0,
    options: String(createClasses),
  });
  const { job, current } = flow;

  return (
    <PageSection
      title={translate('roster.page.upload_heading')}
      text={translate('roster.page.file_types')}
      testId="roster-upload"
    >
      <FileChooser
        file={flow.file}
        accept={ACCEPTED}
        onChoose={flow.choose}
        disabled={flow.busy}
        labels={{ choose: 'roster.page.choose_file', none: 'roster.page.no_file' }}
        testId="roster-file"
      />
      {mayMakeClasses && (
        <OptionCheckbox
          sx={{ mb: 2 }}
          checked={createClasses}
          onChange={(checked) => {
            setCreateClasses(checked);
            if (job && !isUnderWay(job)) flow.restart();
          }}
          disabled={flow.busy}
          label={translate('roster.page.create_classes')}
        />
      )}
      <ImportActions
        flow={flow}
        labels={{ dryRun: 'roster.page.dry_run', import: 'roster.page.import' }}
        testId="roster"
      />
      {current && !job && <ImportReport report={current} />}
      {job && <ImportProgress job={job} />}
    </PageSection>
  );
}
