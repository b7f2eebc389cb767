import { Alert, LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { PageHeading } from '../../components/PageHeading';
import { useExam, useExamQuestions, useExamRestriction, useLocalization } from '../common/examQueries';
import { LocalizationForm } from './LocalizationForm';

/**
 * `/exams/{id}/localize/Create/{secondId}` and `/exams/{id}/localize/Edit/{secondId}`. The
 * second id is the localized exam's id; a new one has none yet, so Create takes 0 (any value
 * is ignored there).
 */
export function LocalizationFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const translate = useTranslate();
  const language = useLanguage();
  const params = useParams<{ id: string; secondId: string }>();
  const examId = Number(params.id);
  const localizationId = mode === 'edit' ? Number(params.secondId) : 0;
  const exam = useExam(examId);
  const questions = useExamQuestions(examId).query;
  // A new localized exam (id 0) has nothing to read: it is ready at once, with no record.
  const localization = useLocalization(localizationId);
  const restriction = useExamRestriction(localizationId ? { exam_localization_id: localizationId } : null);
  const localizationReady = localizationId === 0 || localization.isSuccess;
  const loads = [exam, questions, ...(localizationId ? [localization] : [])];
  const title =
    mode === 'edit'
      ? translate('exams.localize.edit_title', { id: localizationId })
      : translate('exams.localize.create_title');

  return (
    <>
      <PageHeading title={title} back={{ to: `/exams/${examId}/localize`, label: 'exams.localize.back' }} />
      {exam.data && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('exams.localize.of_exam', { id: examId, name: nameOf(exam.data, language) })}
        </Alert>
      )}
      {loads.some((load) => load.isPending) && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {loads.some((load) => load.isError) && <Alert severity="error">{translate('settings.fetch_error')}</Alert>}
      {exam.data && !exam.data.is_published && mode === 'create' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('exams.errors.localize_unpublished')}
        </Alert>
      )}
      {restriction.data && !restriction.data.editable && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="edit-restriction">
          {restriction.data.message}
        </Alert>
      )}
      {exam.data && questions.data && localizationReady && (
        <LocalizationForm
          examId={examId}
          questions={questions.data}
          localization={localizationId ? (localization.data ?? null) : null}
        />
      )}
    </>
  );
}
