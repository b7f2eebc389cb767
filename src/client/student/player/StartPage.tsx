import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { PageHeading } from '../../components/PageHeading';
import type { StudentExam } from '../api';
import { formatCount, formatDuration, formatMinutes, nameIn } from '../format';
import { MY_EXAMS_PATH } from '../paths';

const INSTRUCTIONS = ['timer', 'saving', 'navigation', 'submit'] as const;

interface StartPageProps {
  exam: StudentExam;
  onStart: () => void;
  starting: boolean;
  /** A refusal from the server (a catalog key), shown above the button. */
  error: string | null;
  /** The exam requires Safe Exam Browser: the link that opens it there (sebs://...). */
  sebLaunch?: string | null;
}

/** Before the clock starts: the exam's name, duration, number of questions and instructions. */
export function StartPage({ exam, onStart, starting, error, sebLaunch }: StartPageProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const running = exam.status === 'in_progress';
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <PageHeading title={nameIn(exam.exam, locale)} back={{ to: MY_EXAMS_PATH, label: 'student.my_exams.back' }} />
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {translate('student.start.duration')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {formatMinutes(exam.exam.duration_minutes, locale)}
          </Typography>
          {exam.extra_seconds > 0 && (
            <>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {translate('student.start.extra_time')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} data-testid="start-extra-time">
                {translate('student.start.extra_time_value', {
                  extra: formatDuration(exam.extra_seconds, locale),
                  total: formatDuration(exam.exam.duration_minutes * 60 + exam.extra_seconds, locale),
                })}
              </Typography>
            </>
          )}
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {translate('student.start.questions')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {formatCount(exam.exam.question_count, locale)}
          </Typography>
        </Box>
        <Typography variant="h6" component="h2">
          {translate('student.start.instructions_title')}
        </Typography>
        <Box component="ul" sx={{ m: 0, ps: 3 }}>
          {INSTRUCTIONS.map((key) => (
            <Typography component="li" key={key} sx={{ mb: 0.5 }} data-testid={`start-instruction-${key}`}>
              {/* A running attempt's clock is already counting: its time left, not the exam's duration (issue 41). */}
              {running && key === 'timer'
                ? translate('student.start.instructions.timer_running', {
                    time: formatDuration(exam.time_left_seconds, locale),
                  })
                : translate(`student.start.instructions.${key}`, {
                    duration: formatDuration(exam.exam.duration_minutes * 60 + exam.extra_seconds, locale),
                  })}
            </Typography>
          ))}
        </Box>
        {sebLaunch ? (
          <Alert
            severity="warning"
            role="alert"
            action={
              <Button color="inherit" variant="outlined" href={sebLaunch} data-testid="open-safe-exam-browser">
                {translate('student.start.open_safe_exam_browser')}
              </Button>
            }
          >
            {translate('student.start.safe_exam_browser')}
          </Alert>
        ) : (
          error && (
            <Alert severity="error" role="alert">
              {translate(error, { _: translate('student.start.failed') })}
            </Alert>
          )
        )}
        <Box>
          <Button variant="contained" size="large" onClick={onStart} disabled={starting}>
            {translate(exam.status === 'in_progress' ? 'student.my_exams.actions.resume' : 'student.start.begin')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
