import { Button, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { RunningExam } from '../../common/contracts/index';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { useAccess } from '../auth';
import { formatDateTime, formatNumber } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';
import { HomeSection } from './HomeSection';

/** The exam's live monitor (issue 26). */
const monitorPath = (examId: number) => `/exams/${examId}/monitor`;

/** The exams open at the school now: their window, where its students stand, and the way to the monitor. */
export function RunningExams({ exams }: { exams: RunningExam[] }) {
  const translate = useTranslate();
  const language = useLanguage();
  const canMonitor = useAccess().allows({ anyOf: listPermissions(AREAS.examMonitor) });
  const number = (value: number) => formatNumber(value, language);
  const label = (key: string) => translate(`homes.school.running.${key}`);
  return (
    <HomeSection title={label('title')} empty={exams.length === 0 ? label('empty') : null}>
      <Table size="small" aria-label={label('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{label('exam')}</TableCell>
            <TableCell>{label('window')}</TableCell>
            <TableCell align="right">{label('not_started')}</TableCell>
            <TableCell align="right">{label('in_progress')}</TableCell>
            <TableCell align="right">{label('submitted')}</TableCell>
            {canMonitor && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {exams.map((exam) => {
            const name = nameOf(exam, language);
            return (
              <TableRow key={exam.exam_id} data-testid="running-exam">
                <TableCell>
                  {name}
                  {exam.is_mock && (
                    <Chip size="small" variant="outlined" sx={{ mx: 1 }} label={translate('homes.practice')} />
                  )}
                </TableCell>
                <TableCell>
                  {translate('homes.school.running.window_range', {
                    start: formatDateTime(exam.start_date_time, language),
                    end: formatDateTime(exam.end_date_time, language),
                  })}
                </TableCell>
                <TableCell align="right">{number(exam.not_started)}</TableCell>
                <TableCell align="right">{number(exam.in_progress)}</TableCell>
                <TableCell align="right">{number(exam.submitted)}</TableCell>
                {canMonitor && (
                  <TableCell align="right">
                    <Button
                      size="small"
                      component={RouterLink}
                      to={monitorPath(exam.exam_id)}
                      aria-label={translate('homes.school.running.monitor_exam', { exam: name })}
                    >
                      {label('monitor')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </HomeSection>
  );
}
