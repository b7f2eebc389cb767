import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Alert, Box, Button, Paper, Typography, useTheme } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Loading, useLocaleState, useTranslate } from 'react-admin';
import { usePageTitle } from '../../components/usePageTitle';
import type { AttemptView } from '../api';
import { formatCount, nameIn } from '../format';
import { isolate, RecordingKeeperContext } from '../../media';
import { isAnswered, paginate } from './pages';
import { QuestionMap, type MapEntry } from './QuestionMap';
import { SaveStatus } from './SaveStatus';
import { questionAnchor, StudentQuestionCard } from './StudentQuestionCard';
import { SubmitPage } from './SubmitPage';
import type { SyncStores } from './useAnswerSync';
import { useAttemptSession } from './useAttemptSession';
import { useFlags } from './useFlags';
import { DisplayMenu } from './DisplayMenu';
import { PlayerDisplay } from './PlayerDisplay';
import { usePlayerPreferences } from './usePlayerPreferences';
import { PlayerClock } from './PlayerClock';
import { SkipLink } from './SkipLink';

export interface PlayerProps {
  attempt: AttemptView;
  /** With the number of answers kept here that reached the server too late to be saved. */
  onSubmitted: (view: AttemptView, lateAnswers: number) => void;
  /** A supervisor erased the attempt (its answers here are forgotten first). */
  onReset: () => void;
  /** Tests pass their own; the browser keeps answers and recordings in IndexedDB. */
  stores?: SyncStores;
}

/** The running exam: pages of questions, the map, the clock, the save status and the submit page. */
export function Player({ attempt, onSubmitted, onReset, stores }: PlayerProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const rtl = useTheme().direction === 'rtl';
  const name = nameIn(attempt.exam, locale);
  usePageTitle(name);
  const { live, sync, submit, submitting, problem, expire } = useAttemptSession(attempt, stores, onSubmitted, onReset);
  const display = usePlayerPreferences();
  const [flags, toggleFlag] = useFlags(attempt);
  const pages = useMemo(
    () => paginate(attempt.questions.length, attempt.questions_per_page),
    [attempt.questions.length, attempt.questions_per_page],
  );
  const reviewPage = pages.length;
  const [page, setPage] = useState(0);
  const focusTarget = useRef<string | null>(null);
  // On arrival (after Start, a resume or a reopen that left the focus nowhere), focus the heading of
  // the first question not answered yet, on its page, with the page at its top (issue 41): the student
  // is where they left off, the timer in view, and nothing else holds the focus.
  const ready = Boolean(sync.answers);
  useEffect(() => {
    if (!ready || !sync.answers) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const answers = sync.answers;
    const open = attempt.questions.findIndex(
      (question) => !isAnswered(answers[question.id]) && sync.keeper.waitingUrl(question.id) === null,
    );
    const index = Math.max(open, 0);
    const question = attempt.questions[index];
    if (!question) return;
    const anchor = `${questionAnchor(question.id)}-heading`;
    const onPage = pages.findIndex((indexes) => indexes.includes(index));
    window.scrollTo({ top: 0 });
    if (onPage > 0) {
      focusTarget.current = anchor;
      setPage(onPage);
    } else document.getElementById(anchor)?.focus({ preventScroll: index === 0 });
    // Once, when the questions first show.
  }, [ready]);

  // After moving to a page, focus the chosen question's heading (or the page's first) for keyboard users.
  useEffect(() => {
    const id = focusTarget.current;
    if (!id) return;
    focusTarget.current = null;
    document.getElementById(id)?.focus();
  }, [page]);

  if (!sync.answers) return <Loading />;
  const answers = sync.answers;
  const pageOf = (index: number) => pages.findIndex((indexes) => indexes.includes(index));
  const entries: MapEntry[] = attempt.questions.map((question, index) => ({
    id: question.id,
    // A recording kept here, waiting for its upload, is an answer too.
    answered: isAnswered(answers[question.id]) || sync.keeper.waitingUrl(question.id) !== null,
    flagged: flags.has(question.id),
    current: pageOf(index) === page,
  }));
  const goTo = (next: number, anchor: string) => {
    focusTarget.current = anchor;
    setPage(next);
    if (next === page) document.getElementById(anchor)?.focus();
  };
  const headingOf = (index: number) => `${questionAnchor(attempt.questions[index]!.id)}-heading`;
  const select = (id: number) => {
    const index = attempt.questions.findIndex((question) => question.id === id);
    goTo(pageOf(index), headingOf(index));
  };
  const goToPage = (next: number) =>
    goTo(next, next === reviewPage ? 'submit-page-heading' : headingOf(pages[next]![0]!));
  const Previous = rtl ? ArrowForwardIcon : ArrowBackIcon;
  const Next = rtl ? ArrowBackIcon : ArrowForwardIcon;

  return (
    <PlayerDisplay preferences={display.preferences}>
      <RecordingKeeperContext.Provider value={sync.keeper}>
        <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
          <SkipLink
            onSkip={() => goTo(page, page === reviewPage ? 'submit-page-heading' : headingOf(pages[page]![0]!))}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
              {name}
            </Typography>
            <DisplayMenu preferences={display.preferences} onChange={display.change} />
          </Box>
          <PlayerClock clock={live.clock} onExpire={expire} />
          <Box sx={{ mb: 2 }}>
            <SaveStatus status={sync.status} />
          </Box>
          {problem && (
            <Alert severity={problem === 'failed' ? 'error' : 'warning'} sx={{ mb: 2 }} role="alert">
              {translate(`student.player.submit_problem.${problem}`)}
            </Alert>
          )}
          <Box
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, gap: 3, alignItems: 'start' }}
          >
            <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: 80 }}>
              <QuestionMap entries={entries} onSelect={select} />
              <Button fullWidth sx={{ mt: 2 }} variant="outlined" onClick={() => goToPage(reviewPage)}>
                {translate('student.player.review')}
              </Button>
            </Paper>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} id="player-questions">
              {page === reviewPage ? (
                <SubmitPage
                  entries={entries}
                  onSelect={select}
                  onSubmit={() => void submit(false)}
                  submitting={submitting}
                />
              ) : (
                pages[page]!.map((index) => {
                  const question = attempt.questions[index]!;
                  return (
                    <StudentQuestionCard
                      key={question.id}
                      question={question}
                      number={index + 1}
                      assignmentId={attempt.assignment_id}
                      answer={answers[question.id]}
                      onChange={(answer) => sync.change(question.id, answer)}
                      flagged={flags.has(question.id)}
                      onToggleFlag={() => toggleFlag(question.id)}
                      played={attempt.media_plays[String(question.id)] ?? 0}
                    />
                  );
                })
              )}
              <Box
                component="nav"
                aria-label={translate('student.player.pages')}
                sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
              >
                <Button startIcon={<Previous />} disabled={page === 0} onClick={() => goToPage(page - 1)}>
                  {translate('student.player.previous')}
                </Button>
                <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, textAlign: 'center' }}>
                  {page < reviewPage &&
                    translate('student.player.page_of', {
                      page: isolate(formatCount(page + 1, locale)),
                      pages: isolate(formatCount(pages.length, locale)),
                    })}
                </Typography>
                {page < reviewPage && (
                  <Button variant="contained" endIcon={<Next />} onClick={() => goToPage(page + 1)}>
                    {translate(page + 1 === reviewPage ? 'student.player.review' : 'student.player.next')}
                  </Button>
                )}
              </Box>
            </Box>
          </Box>
        </Box>
      </RecordingKeeperContext.Provider>
    </PlayerDisplay>
  );
}
