import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import { PlatformProvider, PlatformSelector, usePlatformSelection } from '../platforms';
import { QUESTION_PATHS } from '../questions';
import { ExportSections } from './ExportSections';
import { QuestionImportSection } from './QuestionImportSection';

function InterchangeScreen() {
  const translate = useTranslate();
  const platformId = usePlatformSelection()?.selected?.id ?? null;
  return (
    <>
      <PageHeading
        title={translate('interchange.page.title')}
        back={{ to: QUESTION_PATHS.list, label: 'interchange.page.bank_link' }}
      />
      <Typography sx={{ mb: 1, maxWidth: 960 }}>{translate('interchange.page.intro')}</Typography>
      {/* Export, template and import all act on the platform chosen here, as the bank's list does. */}
      <PlatformSelector />
      {platformId !== null && (
        <>
          <ExportSections platformId={platformId} />
          {/* A new platform: its lookups, and a new check of the file against them. */}
          <QuestionImportSection key={platformId} platformId={platformId} />
        </>
      )}
    </>
  );
}

/**
 * Questions in and out (issue 27): the bank as a QTI 3.0 package or an Excel workbook, the Excel
 * template in either language, and an import (dry run, then the job) into the selected platform.
 * schemas/questions-interchange.ts mounts it at /questions-bank/interchange for those who may
 * create questions.
 */
export default function InterchangePage() {
  return (
    <PlatformProvider>
      <InterchangeScreen />
    </PlatformProvider>
  );
}
