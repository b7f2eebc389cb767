import { Alert, LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { examQuestionsApi } from '../api/examQuestionsApi';
import { examsApi } from '../api/examsApi';
import { localizationsApi } from '../api/localizationsApi';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { PageHeading } from '../../components/PageHeading';
import { useLoaded } from '../common/useLoaded';
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
  const exam = useLoaded((signal) => examsApi.get(examId, signal), [examId]);
  const questions = useLoaded((signal) => examQuestionsApi.list(examId, signal), [examId]);
  const localization = useLoaded(
    localizationId ? (signal) => localizationsApi.get(localizationId, signal) : async () => null,
    [localizationId],
  );
  const restriction = useLoaded(
    localizationId ? (signal) => examsApi.restriction({ exam_localization_id: localizationId }, signal) : null,
    [localizationId],
  );
  const loads = [exam, questions, localization];
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
      {loads.some((load) => load.status === 'loading') && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {loads.some((load) => load.status === 'error') && (
        <Alert severity="error">{translate('settings.fetch_error')}</Alert>
      )}
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
      {exam.data && questions.data && localization.status === 'ready' && (
        <LocalizationForm examId={examId} questions={questions.data} localization={localization.data ?? null} />
      )}
    </>
  );
}
