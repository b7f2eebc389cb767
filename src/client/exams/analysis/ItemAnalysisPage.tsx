import { Alert, LinearProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { AnalysisSections } from './AnalysisSections';
import { ExamFigures } from './ExamFigures';
import { ExamTabs } from './ExamTabs';
import { formatStatistic } from '../../format';

/**
 * `/exams/{id}/item-analysis` (issues 15 and 30): how the exam's questions worked over its
 * corrected attempts: the exam's reliability and spread, then sections for the questions'
 * classical statistics, the Rasch calibration, differential item functioning and the agreement
 * of double marking.
 */
export function ItemAnalysisPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const examId = Number(useParams<{ id: string }>().id);
  const dataProvider = useAppDataProvider();
  const analysis = useQuery({
    queryKey: ['exams', 'itemAnalysis', examId],
    queryFn: ({ signal }) => dataProvider.examItemAnalysis(examId, signal).then(({ data }) => data),
    retry: false,
  });
  const report = analysis.data;
  const exam = report?.exam;
  return (
    <>
      <PageHeading
        title={
          exam ? `${translate('item_analysis.title')}: ${nameOf(exam, language)}` : translate('item_analysis.title')
        }
        back={{ to: '/exams', label: 'exams.form.back' }}
      />
      <ExamTabs examId={examId} current="analysis" />
      {analysis.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {analysis.isError && <Alert severity="error">{translate('settings.fetch_error')}</Alert>}
      {report && exam && (
        <>
          {/* An adaptive exam's raw totals are over different questions: its figures are the adaptive panel's. */}
          {!report.adaptive && <ExamFigures exam={exam} />}
          {exam.attempts === 0 ? (
            <Alert severity="info">{translate('item_analysis.none')}</Alert>
          ) : (
            <>
              {exam.unstable && (
                <Alert severity="info" sx={{ mb: 2 }} data-testid="unstable-notice">
                  {translate('item_analysis.unstable_notice', {
                    attempts: formatStatistic(exam.attempts, language, 0),
                    min: formatStatistic(report.limits.min_attempts, language, 0),
                  })}
                </Alert>
              )}
              <AnalysisSections examId={examId} report={report} />
            </>
          )}
        </>
      )}
    </>
  );
}
