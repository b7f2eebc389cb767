import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { PageHeading } from '../../components/PageHeading';
import { useExamAccess } from '../common/useExamAccess';
import { useExam, useExamLocalizations } from '../common/examQueries';
import { LocalizationTable } from './LocalizationTable';

/** `/exams/{id}/localize`: the localized exams of a published exam, with bulk publish, unpublish and delete. */
export function LocalizationListPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const { can } = useExamAccess();
  const examId = Number(useParams<{ id: string }>().id);
  const exam = useExam(examId);
  const localizations = useExamLocalizations(examId);
  // Create takes 0 as its second id: the localized exam has no id until it is saved.
  const add = can('createLocalization') && exam.data?.is_published && (
    <Button
      component={RouterLink}
      to={`/exams/${examId}/localize/Create/0`}
      variant="contained"
      startIcon={<AddIcon />}
    >
      {translate('exams.localize.add')}
    </Button>
  );

  return (
    <>
      <PageHeading
        title={translate('exams.localize.title')}
        back={{ to: '/exams', label: 'exams.form.back' }}
        actions={add}
      />
      {exam.data && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('exams.localize.of_exam', { id: examId, name: nameOf(exam.data, language) })}
        </Typography>
      )}
      {exam.data && !exam.data.is_published && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('exams.errors.localize_unpublished')}
        </Alert>
      )}
      {localizations.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {localizations.isError && <Alert severity="error">{translate('settings.fetch_error')}</Alert>}
      {localizations.data && (
        <LocalizationTable
          examId={examId}
          localizations={localizations.data}
          onChanged={() => void localizations.refetch()}
        />
      )}
    </>
  );
}
