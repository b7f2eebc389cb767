import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAccess } from '../../auth';
import { CORRECTION_PERMISSIONS, examStudentsPath } from '../../correction';
import { QuestionPreview } from '../../questions';
import { PageHeading } from '../../components/PageHeading';
import { ExamExportButton } from '../../interchange';
import { useExamPreview } from '../common/examQueries';
import { EXAM_PERMISSIONS } from '../common/useExamAccess';
import { ExamTabs } from '../analysis/ExamTabs';
import { PreviewPager } from './PreviewPager';
import { PreviewSummary } from './PreviewSummary';

/**
 * `/exams/{id}/preview` and `/exams/{id}/localize/preview/{secondId}`: the exam as a student
 * will see it, in pages of `questions_per_page` (0: one page), with the duration as the clock
 * starts. A localized preview shows the localization's texts.
 */
export function ExamPreviewPage({ localized = false }: { localized?: boolean }) {
  const translate = useTranslate();
  const params = useParams<{ id: string; secondId: string }>();
  const examId = Number(params.id);
  const localizationId = localized ? Number(params.secondId) : undefined;
  const preview = useExamPreview(examId, localizationId);
  const access = useAccess();
  const students = !localized && access.allows({ anyOf: CORRECTION_PERMISSIONS.students }) && (
    <Button component={RouterLink} to={examStudentsPath(examId)} startIcon={<RateReviewIcon />}>
      {translate('exam_students.action')}
    </Button>
  );
  // The exam as a QTI 3.0 test, for those who may read exams (as the export route asks).
  const qti = !localized && access.allows({ anyOf: EXAM_PERMISSIONS.list }) && <ExamExportButton examId={examId} />;
  const [page, setPage] = useState(0);
  const pages = preview.data?.pages ?? [];
  const current = pages[Math.min(page, Math.max(pages.length - 1, 0))] ?? [];
  // Questions are numbered across pages, as the student's exam numbers them.
  const offset = pages.slice(0, page).reduce((count, list) => count + list.length, 0);
  const back = localized
    ? { to: `/exams/${examId}/localize`, label: 'exams.localize.back' }
    : { to: '/exams', label: 'exams.form.back' };

  return (
    <>
      <PageHeading
        title={translate(localized ? 'exams.preview.localized_title' : 'exams.preview.title', { id: examId })}
        back={back}
        actions={
          <>
            {qti}
            {students}
          </>
        }
      />
      {!localized && <ExamTabs examId={examId} current="preview" />}
      {preview.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {preview.isError && <Alert severity="error">{translate('settings.fetch_error')}</Alert>}
      {preview.data && (
        <>
          <PreviewSummary preview={preview.data} />
          {pages.length === 0 ? (
            <Typography color="text.secondary">{translate('exams.preview.empty')}</Typography>
          ) : (
            <>
              <PreviewPager page={page} pages={pages.length} onChange={setPage} />
              <Stack spacing={2} sx={{ my: 2 }} data-testid="preview-page">
                {current.map((question, index) => (
                  <QuestionPreview key={question.id} question={question} number={offset + index + 1} />
                ))}
              </Stack>
              <PreviewPager page={page} pages={pages.length} onChange={setPage} />
            </>
          )}
        </>
      )}
    </>
  );
}
