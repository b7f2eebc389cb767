import { Box, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ContentDirection } from '../../rich-text';
import { RichTextView } from '../../rich-text';
import type { PreviewQuestion } from '../types';
import { ANSWER_VIEWS } from './answerViews';
import { QuestionMedia } from './QuestionMedia';

export interface QuestionPreviewProps {
  /** The student's view of the question (`GET .../preview`, or an exam's preview): no answer key. */
  question: PreviewQuestion;
  /** Shown before the text ("1."), as in an exam. */
  number?: number;
  /** An answer shown filled in at first (an import's preview shows the one that earns the whole mark). */
  initialAnswer?: unknown;
}

/**
 * A question exactly as a student sees it, in its content's direction: the text, the media, and
 * the answer of its kind, which can be tried out but is never sent. It receives the student view
 * (no answer key); the key comes in only as `initialAnswer`, from an author's import preview.
 */
export function QuestionPreview({ question, number, initialAnswer = null }: QuestionPreviewProps) {
  const translate = useTranslate();
  const [answer, setAnswer] = useState<unknown>(initialAnswer);
  const View = ANSWER_VIEWS[question.answer_type];
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="question-preview">
      <ContentDirection language={question.content_language}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', mb: 2 }}>
          {number !== undefined && <Typography sx={{ fontWeight: 700 }}>{`${number}.`}</Typography>}
          <RichTextView html={question.text} sx={{ flexGrow: 1, fontSize: '1.1rem' }} />
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {translate('question_editor.preview_answer.mark', { mark: question.mark })}
          </Typography>
        </Box>
        <QuestionMedia question={question} />
        {View && (
          <View
            view={question.view}
            answer={answer}
            onChange={setAnswer}
            questionId={question.id}
            language={question.content_language}
          />
        )}
      </ContentDirection>
    </Paper>
  );
}
