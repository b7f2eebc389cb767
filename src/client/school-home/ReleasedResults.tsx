import { Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReleasedExam } from '../../common/contracts/index';
import { formatDateTime, formatNumber } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';
import { HomeSection } from './HomeSection';
import { ExamResultsButtons } from '../roster';
import { REPORT_PERMISSIONS } from '../reports';
import { useAccess } from '../auth';

/** The exams whose results reached the school's students: how many of those who submitted, and when. */
export function ReleasedResults({ exams }: { exams: ReleasedExam[] }) {
  const translate = useTranslate();
  const language = useLanguage();
  const label = (key: string) => translate(`homes.school.released.${key}`);
  // The results file takes the reports' download permission, as the server asks.
  const mayDownload = useAccess().allows({ anyOf: REPORT_PERMISSIONS.download });
  // Practice tests show their results at once; other releases without a date came with the window's end.
  const when = (exam: ReleasedExam) =>
    exam.released_at ? formatDateTime(exam.released_at, language) : label(exam.is_mock ? 'immediate' : 'at_close');
  return (
    <HomeSection title={label('title')} empty={exams.length === 0 ? label('empty') : null}>
      <Table size="small" aria-label={label('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{label('exam')}</TableCell>
            <TableCell align="right">{label('results')}</TableCell>
            <TableCell>{label('released_at')}</TableCell>
            {mayDownload && <TableCell>{label('download')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {exams.map((exam) => (
            <TableRow key={exam.exam_id} data-testid="released-exam">
              <TableCell>
                {nameOf(exam, language)}
                {exam.is_mock && (
                  <Chip size="small" variant="outlined" sx={{ mx: 1 }} label={translate('homes.practice')} />
                )}
              </TableCell>
              <TableCell align="right">
                {translate('homes.school.released.of', {
                  released: formatNumber(exam.released, language),
                  submitted: formatNumber(exam.submitted, language),
                })}
              </TableCell>
              <TableCell>{when(exam)}</TableCell>
              {mayDownload && (
                <TableCell>
                  {/* Each student's released result, as the school keeps its records (issue 41). */}
                  <ExamResultsButtons examId={exam.exam_id} examName={nameOf(exam, language)} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </HomeSection>
  );
}
