import { Box } from '@mui/material';
import type { StudentQuestionRecord } from '../../../common/contracts/index';
import { ANSWER_VIEWS } from './answerViews';

const ignore = () => undefined;

type Shown = Pick<StudentQuestionRecord, 'id' | 'answer_type' | 'view' | 'content_language'>;

/**
 * An answer shown with its kind's view, as the student saw it, for reading only (inert: no focus,
 * no changes): a student's result and a marker's correction screen.
 */
export function InertAnswer({ question, answer }: { question: Shown; answer: unknown }) {
  const View = ANSWER_VIEWS[question.answer_type];
  return (
    <Box inert sx={{ opacity: 0.9 }}>
      {View && (
        <View
          view={question.view}
          answer={answer ?? null}
          onChange={ignore}
          questionId={question.id}
          language={question.content_language}
        />
      )}
    </Box>
  );
}
