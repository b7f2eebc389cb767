import { Checkbox, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MonitorStudent } from '../../common/contracts/index';
import { formatDateTime, formatNumber } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';
import { formatClock } from '../student';
import { Presence, StatusOfDay } from './StudentStatus';

interface MonitorStudentsProps {
  students: MonitorStudent[];
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  /** Whether rows can be chosen (the reader may intervene). */
  selectable: boolean;
}

const time = (value: string | null, language: string) =>
  value ? new Intl.DateTimeFormat(language, { timeStyle: 'medium' }).format(new Date(value)) : '—';

/** One row per student: status, times, answers, presence and unsent answers; rows chosen for an action. */
export function MonitorStudents({ students, selected, onSelect, selectable }: MonitorStudentsProps) {
  const translate = useTranslate();
  const language = useLanguage();
  const all = students.length > 0 && students.every((s) => selected.has(s.student_id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby="monitor-students-heading" data-testid="monitor-students">
        <caption style={{ captionSide: 'top', textAlign: 'start' }}>
          <Typography variant="h6" component="h2" id="monitor-students-heading">
            {translate('exam_day.monitor.students')}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={all}
                  indeterminate={!all && selected.size > 0}
                  onChange={() => onSelect(all ? new Set() : new Set(students.map((s) => s.student_id)))}
                  slotProps={{ input: { 'aria-label': translate('exam_day.monitor.select_all') } }}
                />
              </TableCell>
            )}
            {[
              'student',
              'status',
              'presence',
              'started_at',
              'time_left',
              'extra_time',
              'answered',
              'last_save',
              'unsent',
            ].map((key) => (
              <TableCell key={key}>{translate(`exam_day.columns.${key}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {students.map((student) => {
            const name = nameOf(student, language);
            const running = student.status === 'in_progress';
            return (
              <TableRow
                key={student.student_id}
                data-student={student.student_id}
                selected={selected.has(student.student_id)}
              >
                {selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(student.student_id)}
                      onChange={() => toggle(student.student_id)}
                      slotProps={{ input: { 'aria-label': translate('exam_day.monitor.select', { name }) } }}
                    />
                  </TableCell>
                )}
                <TableCell component="th" scope="row">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" dir="ltr">
                    {student.student_number}
                  </Typography>
                </TableCell>
                <TableCell>
                  <StatusOfDay status={student.status} />
                </TableCell>
                <TableCell>{running ? <Presence online={student.online} /> : '—'}</TableCell>
                <TableCell title={formatDateTime(student.started_at, language)}>
                  {time(student.started_at, language)}
                </TableCell>
                <TableCell data-testid="time-left">
                  {student.time_left_seconds === null ? '—' : formatClock(student.time_left_seconds, language)}
                </TableCell>
                <TableCell>
                  {student.extra_seconds > 0
                    ? translate('exam_day.monitor.extra_minutes', {
                        minutes: formatNumber(Math.round(student.extra_seconds / 60), language),
                      })
                    : '—'}
                </TableCell>
                <TableCell>
                  {translate('exam_day.monitor.answered_of', {
                    answered: formatNumber(student.answered, language),
                    total: formatNumber(student.total, language),
                  })}
                  {typeof student.standard_error === 'number' && (
                    <Typography variant="body2" color="text.secondary" data-testid="standard-error">
                      {translate('exam_day.monitor.standard_error', {
                        se: formatNumber(student.standard_error, language),
                      })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{time(student.last_saved_at, language)}</TableCell>
                <TableCell>
                  {student.unsent > 0 ? (
                    <Typography variant="body2" color="error" sx={{ fontWeight: 600 }}>
                      {formatNumber(student.unsent, language)}
                    </Typography>
                  ) : (
                    '—'
                  )}
                </TableCell>
              </TableRow>
            );
          })}
          {students.length === 0 && (
            <TableRow>
              <TableCell colSpan={selectable ? 10 : 9}>{translate('exam_day.monitor.no_students')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
