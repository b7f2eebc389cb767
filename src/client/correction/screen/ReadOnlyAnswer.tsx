import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CorrectionQuestion } from '../../../common/contracts/index';
import { InertAnswer } from '../../questions';

/** The student's (or the right) answer for reading only; "no answer" when there is none. */
export function ReadOnlyAnswer({ question, answer }: { question: CorrectionQuestion; answer: unknown }) {
  const translate = useTranslate();
  if (answer === null || answer === undefined)
    return <Typography color="text.secondary">{translate('correction_screen.no_answer')}</Typography>;
  return <InertAnswer question={question} answer={answer} />;
}
