import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ChildKind } from '../../../common/questions';
import { RichTextView } from '../../rich-text';
import { CHILD_ANSWER_VIEWS } from './childAnswerViews';
import type { AnswerViewProps } from './types';

type Child = { id: string; kind: ChildKind; text: string; mark: number; view: unknown };

/** The passage, then each related question answered with its own kind's view. */
export function ParagraphAnswer({
  view,
  answer,
  onChange,
  questionId,
  language,
}: AnswerViewProps<{ passage: string; children: Child[] }, { children: Record<string, unknown> }>) {
  const translate = useTranslate();
  const answers = answer?.children ?? {};
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2, bgcolor: 'grey.50' }} data-testid="paragraph-passage">
        <RichTextView html={view.passage} />
      </Paper>
      {view.children.map((child, index) => {
        const View = CHILD_ANSWER_VIEWS[child.kind];
        return (
          <Box
            key={child.id}
            component="section"
            aria-label={translate('question_editor.paragraph.child', { number: index + 1 })}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', mb: 1 }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>{`${index + 1}.`}</Typography>
              <RichTextView html={child.text} sx={{ flexGrow: 1 }} />
              <Typography variant="body2" color="text.secondary">
                {translate('question_editor.preview_answer.mark', { mark: child.mark })}
              </Typography>
            </Box>
            {View && (
              <View
                view={child.view}
                answer={answers[child.id] ?? null}
                onChange={(next: unknown) => onChange({ children: { ...answers, [child.id]: next } })}
                questionId={questionId}
                language={language}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
}
