import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CorrectionQuestion } from '../../../common/contracts/index';
import { ANSWER_VIEWS } from '../../questions';

const ignore = () => undefined;

/** An answer shown with its kind's view, as the student saw it, for reading only (inert: no focus, no changes). */
export function ReadOnlyAnswer({ question, answer }: { question: CorrectionQuestion; answer: unknown }) {
  const translate = useTranslate();
  const View = ANSWER_VIEWS[question.answer_type];
  if (answer === null || answer === undefined)
    return <Typography color="text.secondary">{translate('correction_screen.no_answer')}</Typography>;
  return (
    <Box inert sx={{ opacity: 0.9 }}>
      {View && (
        <View
          view={question.view}
          answer={answer}
          onChange={ignore}
          questionId={question.id}
          language={question.content_language}
        />
      )}
    </Box>
  );
}
