import { Alert, Box, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage, sebLaunchOf } from '../../providers/errors';
import { reloadedForLanguage } from '../../language';
import { studentApi, type AttemptView } from '../api';
import { MY_EXAMS_PATH } from '../paths';
import { ResultView } from '../result/ResultView';
import { STUDENT_EXAMS_KEY, useStudentExams } from '../useStudentExams';
import { Player } from './Player';
import { AdaptivePlayer } from './AdaptivePlayer';
import { StartPage } from './StartPage';
import { useReopenWatch } from './useReopenWatch';

/** Which exams this tab has open in the player (sessionStorage: this tab only, gone with it). */
const playing = {
  key: (id: string) => `ltm-playing-${id}`,
  mark(id: string) {
    sessionStorage.setItem(playing.key(id), '1');
  },
  clear(id: string) {
    sessionStorage.removeItem(playing.key(id));
  },
  was: (id: string) => sessionStorage.getItem(playing.key(id)) === '1',
};

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
  const [sebLaunch, setSebLaunch] = useState<string | null>(null);
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
      playing.mark(id!);
      // The list now says "in progress": read again (and kept again for an offline reload).
      void queryClient.invalidateQueries({ queryKey: STUDENT_EXAMS_KEY });
    } catch (failure) {
      setError(errorMessage(failure, 'student.start.failed'));
      setSebLaunch(sebLaunchOf(failure));
    } finally {
      setStarting(false);
    }
  };
  const submitted = useCallback(
    (view: AttemptView, late: number) => {
      playing.clear(id!);
      setAttempt(view);
      setLateAnswers(late);
      setJustSubmitted(true);
      void queryClient.invalidateQueries({ queryKey: STUDENT_EXAMS_KEY });
    },
    [queryClient, id],
  );

  const reset = useCallback(() => {
    playing.clear(id!);
    setAttempt(null);
    setNotice('reset');
    void queryClient.invalidateQueries({ queryKey: STUDENT_EXAMS_KEY });
  }, [queryClient, id]);
  const reopened = useCallback((view: AttemptView) => {
    setAttempt(view);
    setNotice('reopened');
  }, []);
  useReopenWatch(attempt, reopened);
  // The page was reloaded for a change of language while this tab was in the player for this exam:
  // straight back to it, not to the start page, whose clock would not be the one running (issue 41).
  const [languageReload] = useState(reloadedForLanguage);
  const exam = exams.data?.find((entry) => String(entry.id) === id);
  const resume =
    languageReload && !attempt && !starting && !error && exam?.status === 'in_progress' && playing.was(id!);
  useEffect(() => {
    if (resume) void start();
    // Once per arrival: `start` is a fresh closure each render.
  }, [resume]);

  const said = notice && (
    <Alert severity="info" sx={{ maxWidth: 1200, mx: 'auto', mb: 2 }} role="status" data-testid="supervisor-notice">
      {translate(`student.supervisor.${notice}`)}
    </Alert>
  );
  if (attempt?.status === 'in_progress')
    return (
      <>
        {said}
        {attempt.adaptive ? (
          <AdaptivePlayer key={attempt.id} attempt={attempt} onSubmitted={submitted} onReset={reset} />
        ) : (
          <Player key={attempt.id + attempt.deadline_at} attempt={attempt} onSubmitted={submitted} onReset={reset} />
        )}
      </>
    );
  if (attempt) return <ResultView attempt={attempt} lateAnswers={lateAnswers} justSubmitted={justSubmitted} />;
  if (exams.isPending || resume) return <Loading />;
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
      <StartPage exam={exam} onStart={() => void start()} starting={starting} error={error} sebLaunch={sebLaunch} />
    </>
  );
}
