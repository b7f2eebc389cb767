import { useTranslate } from 'react-admin';
import { useAppDataProvider } from '../providers/appDataProvider';
import { FileButtons } from '../components/import-flow';
import { useLanguage } from '../i18n/recordName';

const FORMATS = ['csv', 'xlsx'] as const;

/**
 * An exam's per-student results (`GET /api/exams/{id}/results/export`, issue 41) as CSV or Excel,
 * in the console's language, each button named for its exam where a table row shows several.
 */
export function ExamResultsButtons({ examId, examName }: { examId: number; examName: string }) {
  const translate = useTranslate();
  const language = useLanguage();
  const dataProvider = useAppDataProvider();
  return (
    <FileButtons
      testId={`exam-results-${examId}`}
      variants={FORMATS}
      labels={{ csv: 'roster.results.download_csv', xlsx: 'roster.results.download_xlsx' }}
      names={(format) => translate(`roster.results.download_${format}_of`, { exam: examName })}
      request={(format) => dataProvider.examResults(examId, format, language)}
    />
  );
}
