import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { CorrectionQuestion } from '../../../common/contracts/index';
import { formatNumber } from '../../format';
import { useLanguage } from '../../i18n/recordName';
import { keyAnswer } from '../../student';
import { Evidence } from './Evidence';
import { ReadOnlyAnswer } from './ReadOnlyAnswer';

const essayText = (answer: unknown) =>
  answer && typeof answer === 'object' && typeof (answer as { text?: unknown }).text === 'string'
    ? (answer as { text: string }).text
    : null;

const maxWordsOf = (view: unknown) =>
  view && typeof view === 'object' ? Number((view as { max_words?: unknown }).max_words) || null : null;

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={label} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The student's answer as they saw it and, beside it, the right answer. An essay reads as text
 * with its word count; a spoken answer is its recording; the other kinds use their own view.
 */
export function StudentAnswer({ question }: { question: CorrectionQuestion }) {
  const translate = useTranslate();
  const language = useLanguage();
  const whole = question.items.find((item) => item.part === '');
  const recordingLabel = translate('correction_screen.recording', { number: formatNumber(question.number, language) });
  const right = keyAnswer(question.answer_type, question.correct_answer);
  const text = question.answer_type === 'essay' ? essayText(question.answer) : null;

  let shown: ReactNode;
  if (question.answer_type === 'essay' && text !== null)
    shown = (
      <Paper
        variant="outlined"
        sx={{ p: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        data-testid="essay-text"
      >
        {text}
      </Paper>
    );
  else if (question.answer_type === 'audio_response' && whole?.recording) shown = null;
  else shown = <ReadOnlyAnswer question={question} answer={question.answer} />;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: right === null ? '1fr' : '1fr 1fr' } }}>
      <Labelled label={translate('correction_screen.student_answer')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {shown}
          {whole && <Evidence item={whole} label={recordingLabel} maxWords={maxWordsOf(question.view)} />}
        </Box>
      </Labelled>
      {right !== null && (
        <Labelled label={translate('correction_screen.right_answer')}>
          <ReadOnlyAnswer question={question} answer={right} />
        </Labelled>
      )}
    </Box>
  );
}
