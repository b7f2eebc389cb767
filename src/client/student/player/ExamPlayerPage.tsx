import { Alert, Box, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage } from '../../providers/errors';
import { studentApi, type AttemptView } from '../api';
import { MY_EXAMS_PATH } from '../paths';
import { ResultView } from '../result/ResultView';
import { STUDENT_EXAMS_KEY, useStudentExams } from '../useStudentExams';
import { Player } from './Player';
import { StartPage } from './StartPage';
import { useReopenWatch } from './useReopenWatch';

/**
 * /my-exams/:id: the start page, then the running attempt (start is idempotent, so Resume goes
 * through it too and lands on the same attempt), then the result once submitted.
 */
export function ExamPlayerPage() {
  const translate = useTranslate();
  const { id } = useParams();
  const queryClient = useQueryClient();
  const exams = useStudentExams();
  const [attempt, setAttempt] = useState<AttemptView | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lateAnswers, setLateAnswers] = useState(0);
  /** Submitted on this page just now (by the student or the clock): the result says so and takes the focus. */
  const [justSubmitted, setJustSubmitted] = useState(false);
  /** What a supervisor did to the attempt this page showed: said above the page that follows. */
  const [notice, setNotice] = useState<'reset' | 'reopened' | null>(null);

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      setAttempt(await studentApi.start(id!));
      // The list now says "in progress": read again (and kept again for an offline reload).
      void queryClient.invalidateQueries({ queryKey: STUDENT_EXAMS_KEY });
    } catch (failure) {
      setError(errorMessage(failure, 'student.start.failed'));
    } finally {
      setStarting(false);
    }
  };
  const submitted = useCallback(
    (view: AttemptView, late: number) => {
      setAttempt(view);
      setLateAnswers(late);
      setJustSubmitted(true);
      void queryClient.invalidateQueries({ queryKey: STUDENT_EXAMS_KEY });
    },
    [queryClient],
  );

  const reset = useCallback(() => {
    setAttempt(null);
    setNotice('reset');
    void queryClient.invalidateQueries({ queryKey: STUDENT_EXAMS_KEY });
  }, [queryClient]);
  const reopened = useCallback((view: AttemptView) => {
    setAttempt(view);
    setNotice('reopened');
  }, []);
  useReopenWatch(attempt, reopened);

  const said = notice && (
    <Alert severity="info" sx={{ maxWidth: 1200, mx: 'auto', mb: 2 }} role="status" data-testid="supervisor-notice">
      {translate(`student.supervisor.${notice}`)}
    </Alert>
  );
  if (attempt?.status === 'in_progress')
    return (
      <>
        {said}
        <Player key={attempt.id + attempt.deadline_at} attempt={attempt} onSubmitted={submitted} onReset={reset} />
      </>
    );
  if (attempt) return <ResultView attempt={attempt} lateAnswers={lateAnswers} justSubmitted={justSubmitted} />;
  if (exams.isPending) return <Loading />;
  const exam = exams.data?.find((entry) => String(entry.id) === id);
  if (!exam || (exam.status !== 'available' && exam.status !== 'in_progress')) {
    const reason = !exam ? 'not_found' : exam.status === 'upcoming' ? 'not_open' : 'closed';
    return (
      <Box sx={{ maxWidth: 760, mx: 'auto' }}>
        <Alert
          severity="info"
          action={
            <Button color="inherit" component={RouterLink} to={MY_EXAMS_PATH}>
              {translate('student.my_exams.back')}
            </Button>
          }
        >
          {translate(`student.start.unavailable.${reason}`)}
        </Alert>
      </Box>
    );
  }
  return (
    <>
      {said}
      <StartPage exam={exam} onStart={() => void start()} starting={starting} error={error} />
    </>
  );
}
