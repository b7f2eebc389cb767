import { Alert, LinearProgress, Paper } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePlatformSelection } from '../../platforms';
import { PlatformSelector } from '../../platforms';
import { PageHeading } from '../../components/PageHeading';
import { useExamLookups } from '../common/useExamLookups';
import { ExamQuestions } from '../questions/ExamQuestions';
import { ExamForm } from './ExamForm';
import { blankExam } from './examValues';

/** `/exams/create`: the blank form on the selected platform; questions can be added once it is saved. */
export function ExamCreatePage() {
  const translate = useTranslate();
  const platform = usePlatformSelection()?.selected ?? null;
  const lookups = useExamLookups(platform?.id ?? null);

  return (
    <>
      <PageHeading title={translate('exams.form.create_title')} back={{ to: '/exams', label: 'exams.form.back' }} />
      <PlatformSelector />
      {lookups.isError && <Alert severity="error">{translate('settings.fetch_error')}</Alert>}
      {platform && lookups.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {platform && lookups.data && (
        <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
          {/* A new platform is a new exam: its lookups and ids differ. */}
          <ExamForm
            key={platform.id}
            record={blankExam(platform.id)}
            identifier={platform.identifier}
            lookups={lookups.data}
          />
        </Paper>
      )}
      <ExamQuestions exam={null} unsaved />
    </>
  );
}
