import { Alert, Box, Button, Chip, Paper, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { InertAnswer, InterfaceText, isolate } from '../../questions';
import { isAnswered } from '../player/pages';
import { ContentDirection, RichTextView } from '../../rich-text';
import type { AttemptView } from '../api';
import { formatCount, nameIn } from '../format';
import { MY_EXAMS_PATH } from '../paths';
import { keyAnswer } from '../../../common/questions/key-answer';
import { ScaledResult } from './ScaledResult';

type Question = AttemptView['questions'][number];
type QuestionResult = NonNullable<NonNullable<AttemptView['result']>['questions']>[number];

/**
 * An answer with a heading, for reading only. The student's own answer, when there is none, says so
 * rather than showing the empty controls (an idle "Record" button after the exam, for a spoken answer).
 */
function ReadOnlyAnswer({
  question,
  answer,
  label,
  own = false,
}: {
  question: Question;
  answer: unknown;
  label: string;
  own?: boolean;
}) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={label}>
      <InterfaceText block>
        <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
          {label}
        </Typography>
      </InterfaceText>
      {own && !isAnswered(answer) ? (
        <InterfaceText block>
          <Typography color="text.secondary" data-testid="result-no-answer">
            {translate('student.result.no_answer')}
          </Typography>
        </InterfaceText>
      ) : (
        <InertAnswer question={question} answer={answer} />
      )}
    </Box>
  );
}

function QuestionOutcome({ question, result, number }: { question: Question; result: QuestionResult; number: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const right = keyAnswer(question.answer_type, result.correct_answer);
  return (
    <Paper variant="outlined" component="li" sx={{ p: 3, listStyle: 'none' }} data-testid="result-question">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          {translate('student.player.question_number', { number: isolate(formatCount(number, locale)) })}
        </Typography>
        <Chip
          label={
            result.needs_manual || result.score === null
              ? translate('student.result.awaiting_correction')
              : translate('student.result.question_score', {
                  score: formatCount(result.score, locale),
                  max: formatCount(result.max, locale),
                })
          }
        />
      </Box>
      <ContentDirection language={question.content_language}>
        <RichTextView html={question.text} sx={{ mb: 2 }} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <ReadOnlyAnswer
            question={question}
            answer={result.answer}
            label={translate('student.result.your_answer')}
            own
          />
          {right !== null && (
            <ReadOnlyAnswer question={question} answer={right} label={translate('student.result.right_answer')} />
          )}
        </Box>
      </ContentDirection>
    </Paper>
  );
}

/**
 * After submission: the score, and each question with both answers when the assignment shows them.
 * `lateAnswers`: answers this computer kept that reached the server after its deadline and grace.
 */
export function ResultView({
  attempt,
  lateAnswers = 0,
  justSubmitted = false,
}: {
  attempt: AttemptView;
  lateAnswers?: number;
  /** Submitted on this page a moment ago: the heading says so and takes the focus (it was on a button now gone). */
  justSubmitted?: boolean;
}) {
  const translate = useTranslate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justSubmitted) heading.current?.focus();
  }, [justSubmitted]);
  const [locale] = useLocaleState();
  const name = nameIn(attempt.exam, locale);
  usePageTitle(name);
  const result = attempt.result;
  const questions = new Map(attempt.questions.map((question, index) => [question.id, { question, index }]));
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {name}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-labelledby="result-heading">
        <Typography
          variant="h5"
          component="h2"
          id="result-heading"
          ref={heading}
          tabIndex={-1}
          sx={{ mb: 1 }}
          data-testid="result-heading"
        >
          {translate(justSubmitted ? 'student.result.title_submitted' : 'student.result.title')}
        </Typography>
        {attempt.auto_submitted && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate('student.result.auto_submitted')}
          </Alert>
        )}
        {attempt.forced && (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="result-forced">
            {translate('student.result.forced')}
          </Alert>
        )}
        {lateAnswers > 0 && (
          <Alert severity="warning" sx={{ mb: 1 }} role="alert" data-testid="result-late-answers">
            {translate('student.result.late_answers', {
              smart_count: lateAnswers,
              count: formatCount(lateAnswers, locale),
            })}
          </Alert>
        )}
        {result?.scaled ? (
          <ScaledResult scaled={result.scaled} />
        ) : result && result.scaled === null ? (
          <Typography sx={{ fontSize: '1.25rem' }} data-testid="result-score">
            {translate(result.released ? 'student.result.score_pending' : 'student.result.not_released')}
          </Typography>
        ) : (
          <Typography sx={{ fontSize: '1.25rem' }} data-testid="result-score">
            {result && typeof result.mark === 'number' && typeof result.max_mark === 'number'
              ? translate('student.result.mark', {
                  mark: formatCount(result.mark, locale),
                  max: formatCount(result.max_mark, locale),
                })
              : result && result.score !== null && result.max_score !== null
                ? translate(result.needs_correction ? 'student.result.score_so_far' : 'student.result.score', {
                    score: formatCount(result.score, locale),
                    max: formatCount(result.max_score, locale),
                  })
                : translate(
                    result && !result.released ? 'student.result.not_released' : 'student.result.score_pending',
                  )}
          </Typography>
        )}
        {!result?.scaled &&
          result &&
          typeof result.mark === 'number' &&
          result.score !== null &&
          result.max_score !== null && (
            <Typography color="text.secondary" data-testid="result-points">
              {translate('student.result.points', {
                score: formatCount(result.score, locale),
                max: formatCount(result.max_score, locale),
              })}
            </Typography>
          )}
        {result?.needs_correction && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate('student.result.needs_correction')}
          </Typography>
        )}
        {result?.answers_pending && (
          <Alert severity="info" sx={{ mt: 1 }} data-testid="result-answers-pending">
            {translate('student.result.answers_pending')}
          </Alert>
        )}
      </Paper>
      {result?.questions && (
        <Box component="section" aria-labelledby="result-questions-heading">
          <Typography variant="h5" component="h2" id="result-questions-heading" sx={{ mb: 1 }}>
            {translate('student.result.questions')}
          </Typography>
          <Box component="ol" sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
            {result.questions.map((outcome) => {
              const entry = questions.get(outcome.question_id);
              return entry ? (
                <QuestionOutcome
                  key={outcome.question_id}
                  question={entry.question}
                  result={outcome}
                  number={entry.index + 1}
                />
              ) : null;
            })}
          </Box>
        </Box>
      )}
      <Box>
        <Button variant="contained" component={RouterLink} to={MY_EXAMS_PATH}>
          {translate('student.my_exams.back')}
        </Button>
      </Box>
    </Box>
  );
}
