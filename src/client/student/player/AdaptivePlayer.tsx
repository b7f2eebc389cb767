import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Alert, Box, Button, Paper, Typography, useTheme } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Loading, useLocaleState, useTranslate } from 'react-admin';
import { usePageTitle } from '../../components/usePageTitle';
import { isolate, RecordingKeeperContext } from '../../media';
import { formatCount, nameIn } from '../format';
import { DisplayMenu } from './DisplayMenu';
import { PlayerClock } from './PlayerClock';
import type { PlayerProps } from './Player';
import { PlayerDisplay } from './PlayerDisplay';
import { SaveStatus } from './SaveStatus';
import { questionAnchor, StudentQuestionCard } from './StudentQuestionCard';
import { useAdaptiveTest } from './useAdaptiveTest';
import { useAttemptSession } from './useAttemptSession';
import { usePlayerPreferences } from './usePlayerPreferences';

/**
 * An adaptive exam (issue 43): one question at a time, the one the student is on; "Confirm and
 * continue" sends its answer and brings the next, chosen by the server from it. There is no going
 * back. Once the test has ended, the student submits. The clock, the save status, the display
 * settings, a supervisor's interventions and the submission at time zero are the fixed form's.
 */
export function AdaptivePlayer({ attempt, onSubmitted, onReset, stores }: PlayerProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const rtl = useTheme().direction === 'rtl';
  const name = nameIn(attempt.exam, locale);
  usePageTitle(name);
  const { live, sync, submit, submitting, problem, expire, close } = useAttemptSession(
    attempt,
    stores,
    onSubmitted,
    onReset,
  );
  const display = usePlayerPreferences();
  const test = useAdaptiveTest(attempt, sync, live.onContact, close);
  const { current, questions } = test;

  // The new question's heading takes the focus (keyboard and screen-reader users start there).
  const shown = useRef<number | null>(null);
  const ready = Boolean(sync.answers);
  useEffect(() => {
    if (!ready) return;
    const target = current ? `${questionAnchor(current.id)}-heading` : 'adaptive-finished-heading';
    const key = current?.id ?? -1;
    if (shown.current === key) return;
    shown.current = key;
    document.getElementById(target)?.focus();
  }, [ready, current]);

  if (!sync.answers) return <Loading />;
  const Next = rtl ? ArrowBackIcon : ArrowForwardIcon;

  return (
    <PlayerDisplay preferences={display.preferences}>
      <RecordingKeeperContext.Provider value={sync.keeper}>
        <Box sx={{ maxWidth: 900, mx: 'auto' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
              {name}
            </Typography>
            <DisplayMenu preferences={display.preferences} onChange={display.change} />
          </Box>
          <PlayerClock clock={live.clock} onExpire={expire} />
          <Box sx={{ mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <SaveStatus status={sync.status} />
            <Typography variant="body2" color="text.secondary" data-testid="adaptive-answered">
              {translate('student.player.adaptive.answered', { count: isolate(formatCount(test.answered, locale)) })}
            </Typography>
          </Box>
          {questions.length === 1 && current && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('student.player.adaptive.intro')}
            </Alert>
          )}
          {problem && (
            <Alert severity={problem === 'failed' ? 'error' : 'warning'} sx={{ mb: 2 }} role="alert">
              {translate(`student.player.submit_problem.${problem}`)}
            </Alert>
          )}
          {test.problem && (
            <Alert severity={test.problem === 'failed' ? 'error' : 'warning'} sx={{ mb: 2 }} role="alert">
              {translate(`student.player.adaptive.${test.problem}`)}
            </Alert>
          )}
          {current ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} id="player-questions">
              <StudentQuestionCard
                key={current.id}
                question={current}
                number={questions.length}
                assignmentId={attempt.assignment_id}
                answer={sync.answers[current.id]}
                onChange={(answer) => sync.change(current.id, answer)}
                played={attempt.media_plays[String(current.id)] ?? 0}
              />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2 }}>
                {test.busy && !test.problem && (
                  <Typography variant="body2" color="text.secondary" role="status">
                    {translate('student.player.adaptive.choosing')}
                  </Typography>
                )}
                <Button variant="contained" endIcon={<Next />} disabled={test.busy} onClick={() => void test.confirm()}>
                  {translate('student.player.adaptive.confirm')}
                </Button>
              </Box>
            </Box>
          ) : (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography id="adaptive-finished-heading" tabIndex={-1} variant="h5" component="h2" gutterBottom>
                {translate('student.player.adaptive.finished_title')}
              </Typography>
              <Typography sx={{ mb: 2 }}>{translate('student.player.adaptive.finished_body')}</Typography>
              <Button variant="contained" disabled={submitting} onClick={() => void submit(false)}>
                {translate('student.player.submit')}
              </Button>
            </Paper>
          )}
        </Box>
      </RecordingKeeperContext.Provider>
    </PlayerDisplay>
  );
}
