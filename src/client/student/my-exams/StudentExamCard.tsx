import { Box, Button, Card, CardActions, CardContent, Chip, Typography, type ChipProps } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Language } from '../../../../locales';
import { formatDateTime } from '../../format';
import type { StudentExam } from '../api';
import { formatCount, formatDuration, formatMinutes, nameIn } from '../format';
import { examPlayerPath, examResultPath } from '../paths';

const STATUS_COLORS: Record<StudentExam['status'], ChipProps['color']> = {
  upcoming: 'default',
  // Colours dark enough for white text (the theme's amber is not).
  available: 'success',
  in_progress: 'primary',
  submitted: 'default',
  expired: 'default',
};

/** What a student can do with an assignment now: start, resume, or see the result. */
function actionsOf(exam: StudentExam): { label: string; to: string; primary?: boolean }[] {
  const results = { label: 'student.my_exams.actions.results', to: examResultPath(exam.id) };
  switch (exam.status) {
    case 'available':
      return [
        {
          label: exam.attempts > 0 ? 'student.my_exams.actions.start_again' : 'student.my_exams.actions.start',
          to: examPlayerPath(exam.id),
          primary: true,
        },
        ...(exam.attempts > 0 ? [results] : []),
      ];
    case 'in_progress':
      return [{ label: 'student.my_exams.actions.resume', to: examPlayerPath(exam.id), primary: true }];
    case 'submitted':
      return [results];
    case 'expired':
      return exam.attempts > 0 ? [results] : [];
    default:
      return [];
  }
}

/** One assignment: name, status, window, duration, questions, time left or score, and its actions. */
export function StudentExamCard({ exam }: { exam: StudentExam }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const name = nameIn(exam.exam, locale);
  const titleId = `student-exam-${exam.id}`;
  const facts: string[] = [
    translate('student.my_exams.window', {
      start: formatDateTime(exam.start_date_time, locale as Language),
      end: formatDateTime(exam.end_date_time, locale as Language),
    }),
    translate('student.my_exams.duration', { duration: formatMinutes(exam.exam.duration_minutes, locale) }),
    translate('student.my_exams.questions', { count: formatCount(exam.exam.question_count, locale) }),
  ];
  if (exam.status === 'available' || exam.status === 'in_progress')
    facts.push(translate('student.my_exams.time_left', { time: formatDuration(exam.time_left_seconds, locale) }));
  // The marked result, on the exam's scale with its points (issue 41); the automatic part until then.
  if (
    typeof exam.mark === 'number' &&
    typeof exam.max_mark === 'number' &&
    exam.score !== null &&
    exam.max_score !== null
  )
    facts.push(
      translate('student.my_exams.mark', {
        mark: formatCount(exam.mark, locale),
        max: formatCount(exam.max_mark, locale),
        score: formatCount(exam.score, locale),
        points: formatCount(exam.max_score, locale),
      }),
    );
  else if (exam.score !== null && exam.max_score !== null)
    facts.push(
      translate(exam.marked ? 'student.my_exams.score' : 'student.my_exams.marking', {
        score: formatCount(exam.score, locale),
        max: formatCount(exam.max_score, locale),
      }),
    );
  else if (exam.status === 'submitted') facts.push(translate('student.my_exams.score_pending'));
  if (exam.status === 'expired' && exam.attempts === 0) facts.push(translate('student.my_exams.missed'));

  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} data-testid="student-exam-card">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h3" id={titleId} sx={{ flexGrow: 1 }}>
            {name}
          </Typography>
          <Chip
            size="small"
            color={STATUS_COLORS[exam.status]}
            label={translate(`student.status.${exam.status}`)}
            data-testid="student-exam-status"
          />
        </Box>
        {exam.exam.is_mock && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('student.my_exams.mock')}
          </Typography>
        )}
        <Box component="ul" sx={{ m: 0, ps: 2.5 }}>
          {facts.map((fact) => (
            <Typography component="li" variant="body2" key={fact}>
              {fact}
            </Typography>
          ))}
        </Box>
      </CardContent>
      {actionsOf(exam).length > 0 && (
        <CardActions>
          {actionsOf(exam).map((action) => (
            <Button
              key={action.label}
              component={RouterLink}
              to={action.to}
              variant={action.primary ? 'contained' : 'outlined'}
              aria-describedby={titleId}
            >
              {translate(action.label)}
            </Button>
          ))}
        </CardActions>
      )}
    </Card>
  );
}
