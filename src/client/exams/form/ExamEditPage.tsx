import { Alert, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { usePlatformSelection } from '../../platforms';
import { PageHeading } from '../../components/PageHeading';
import { useExamLookups } from '../common/useExamLookups';
import { useExam, useExamLocalizations, useExamRestriction } from '../common/examQueries';
import { useExamAccess } from '../common/useExamAccess';
import { ExamQuestions } from '../questions/ExamQuestions';
import { useRecordName } from '../../i18n/recordName';
import { ExamForm } from './ExamForm';
import { PublishedNotice } from './PublishedNotice';

/**
 * `/exams/{id}/edit`: the exam's form and its questions. It warns that its localized exams (if any)
 * change with it (SPEC section 4); a published exam opens read-only, says why, and offers to
 * unpublish or duplicate it.
 */
export function ExamEditPage() {
  const translate = useTranslate();
  const name = useRecordName();
  const { can } = useExamAccess();
  const examId = Number(useParams<{ id: string }>().id);
  const platforms = usePlatformSelection()?.platforms ?? [];
  const exam = useExam(examId);
  const restriction = useExamRestriction({ exam_id: examId });
  // The warning about linked localized exams is for exams that have some.
  const localizations = useExamLocalizations(examId, can('localizations'));
  const lookups = useExamLookups(exam.data?.platform_id ?? null);
  const [dirty, setDirty] = useState(false);
  // A published exam opens read-only: nothing in its form or its questions can be changed.
  const readOnly = restriction.data?.editable === false;
  const identifier =
    exam.data?.platform?.identifier ?? platforms.find((p) => p.id === exam.data?.platform_id)?.identifier ?? 'IRA';

  return (
    <>
      <PageHeading
        title={translate('exams.form.edit_title', { id: examId })}
        back={{ to: '/exams', label: 'exams.form.back' }}
      />
      {(exam.isError || lookups.isError) && <Alert severity="error">{translate('settings.fetch_error')}</Alert>}
      {exam.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {readOnly && restriction.data?.message && (
        <PublishedNotice
          examId={examId}
          message={restriction.data.message}
          onUnpublished={() => {
            void exam.refetch();
            void restriction.refetch();
          }}
        />
      )}
      {(localizations.data?.length ?? 0) > 0 && (
        <Alert severity="warning" data-testid="localized-warning" sx={{ mb: 2 }}>
          {translate('exams.form.localized_warning')}
        </Alert>
      )}
      {exam.data && lookups.data && (
        <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
          {exam.data.platform && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {translate('settings.platform')}: <strong>{name(exam.data.platform)}</strong>
            </Typography>
          )}
          <ExamForm
            record={exam.data}
            identifier={identifier}
            lookups={lookups.data}
            onDirtyChange={setDirty}
            readOnly={readOnly}
          />
          {exam.data.safe_exam_browser && (
            // The exam's .seb file, for supervisors who set up the computers (the server knows its Config Key).
            <Button href={`/api/exams/${exam.data.id}/seb-config`} download variant="outlined" data-testid="seb-config">
              {translate('exams.form.safe_exam_browser_file')}
            </Button>
          )}
        </Paper>
      )}
      {exam.data && <ExamQuestions exam={exam.data} unsaved={dirty} readOnly={readOnly} />}
    </>
  );
}
