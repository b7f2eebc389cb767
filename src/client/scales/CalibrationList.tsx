import { Box, Chip, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Calibration, CalibrationExam } from '../../common/contracts/index';
import { formatDateTime, formatNumber } from '../format';
import { useLanguage } from '../i18n/recordName';

const TONE = { queued: 'default', running: 'warning', done: 'success', refused: 'warning', failed: 'error' } as const;

/** A scale's calibrations, the latest first: status, method, and per exam its fit and how it joined the scale. */
export function CalibrationList({
  calibrations,
  examName,
}: {
  calibrations: Calibration[];
  examName: (id: number) => string;
}) {
  const translate = useTranslate();
  if (calibrations.length === 0)
    return <Typography color="text.secondary">{translate('calibrations.page.none')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1200 }} data-testid="calibrations">
      {calibrations.map((calibration) => (
        <Paper key={calibration.id} sx={{ p: 2 }} data-testid="calibration">
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography component="h2" variant="h6">
              {translate('calibrations.page.number', { id: calibration.id })}
            </Typography>
            <Chip
              size="small"
              label={translate(`calibrations.statuses.${calibration.status}`)}
              color={TONE[calibration.status]}
            />
            <Typography variant="body2">
              {translate(`calibrations.methods.${calibration.method}`)}
              {' · '}
              {translate(`calibrations.designs.${calibration.design}`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('calibrations.page.progress', {
                done: formatNumber(calibration.progress),
                total: formatNumber(calibration.total),
              })}
              {' · '}
              {formatDateTime(String(calibration.created_at))}
            </Typography>
          </Box>
          {calibration.message && (
            <Typography color="warning.main" sx={{ mb: 1 }}>
              {calibration.message}
            </Typography>
          )}
          <ExamOutcomes calibration={calibration} examName={examName} />
        </Paper>
      ))}
    </Box>
  );
}

function ExamOutcomes({ calibration, examName }: { calibration: Calibration; examName: (id: number) => string }) {
  const translate = useTranslate();
  const language = useLanguage();
  // Isolated left to right, so a negative figure keeps its sign in front in an Arabic line.
  const num = (value: number | null, digits = 2) =>
    value === null ? '—' : `\u2066${formatNumber(Number(value.toFixed(digits)), language)}\u2069`;
  const columns = [
    'exam',
    'attempts',
    'calibrated',
    'reliability',
    'mean',
    'shift',
    'anchors',
    'dropped',
    'outcome',
  ] as const;
  const outcome = (exam: CalibrationExam) =>
    exam.refused ? translate(`calibrations.refusals.${exam.refused}`) : translate(`calibrations.roles.${exam.role}`);
  return (
    <Table size="small" aria-label={translate('calibrations.page.exams')}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column}>{translate(`calibrations.page.columns.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {calibration.exam_ids.map((examId) => {
          const exam = calibration.exams.find((e) => e.exam_id === examId);
          return (
            <TableRow key={examId}>
              <TableCell>{examName(examId)}</TableCell>
              <TableCell>{exam ? num(exam.attempts, 0) : '—'}</TableCell>
              <TableCell>{exam ? `${num(exam.calibrated, 0)} / ${num(exam.questions, 0)}` : '—'}</TableCell>
              <TableCell>{exam ? num(exam.reliability) : '—'}</TableCell>
              <TableCell>{exam && exam.mean !== null ? num(exam.mean) : '—'}</TableCell>
              <TableCell>
                {exam && exam.role === 'linked' ? `${num(exam.shift)} ± ${num(exam.link_se)}` : '—'}
              </TableCell>
              <TableCell>{exam && exam.role === 'linked' ? num(exam.stable.length, 0) : '—'}</TableCell>
              <TableCell>
                {exam && exam.dropped.length > 0
                  ? exam.dropped
                      .map((d) =>
                        translate('calibrations.page.dropped', {
                          position: num(d.position, 0),
                          by: num(d.displacement),
                        }),
                      )
                      .join(', ')
                  : '—'}
              </TableCell>
              <TableCell>{exam ? outcome(exam) : translate('calibrations.page.pending')}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
