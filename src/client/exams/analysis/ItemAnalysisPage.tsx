import { Alert, Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { ExamTabs } from './ExamTabs';
import { ItemTable } from './ItemTable';
import { formatStatistic } from './formatStatistic';

/**
 * `/exams/{id}/item-analysis` (issue 15): how the exam's questions worked over its corrected
 * attempts: the exam's reliability and spread, then each question's facility, discrimination and,
 * for choice questions, who chose each option; questions to review are flagged.
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
  const exam = analysis.data?.exam;
  const figures = exam && [
    ['attempts', formatStatistic(exam.attempts, language, 0)],
    ['max', formatStatistic(exam.max, language)],
    ['mean', formatStatistic(exam.mean, language)],
    ['median', formatStatistic(exam.median, language)],
    ['sd', formatStatistic(exam.sd, language)],
    ['range', `${formatStatistic(exam.min, language)} – ${formatStatistic(exam.highest, language)}`],
    ['alpha', formatStatistic(exam.alpha, language, 3)],
    ['sem', formatStatistic(exam.sem, language)],
  ];
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
      {analysis.data && exam && (
        <>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: 2, mb: 2 }}
            data-testid="exam-statistics"
          >
            {figures!.map(([key, value]) => (
              <Card key={key} variant="outlined">
                <CardContent>
                  <Typography variant="body2" color="text.secondary">
                    {translate(`item_analysis.exam.${key}`)}
                  </Typography>
                  <Typography variant="h5" component="p">
                    {value}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
          {exam.attempts === 0 ? (
            <Alert severity="info">{translate('item_analysis.none')}</Alert>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('item_analysis.help')}
              </Typography>
              <ItemTable items={analysis.data.items} />
            </>
          )}
        </>
      )}
    </>
  );
}
