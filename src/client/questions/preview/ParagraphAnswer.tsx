import { Box, Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { ChildKind } from '../../../common/questions';
import { RichTextView } from '../../rich-text';
import { CHILD_ANSWER_VIEWS } from './childAnswerViews';
import { InterfaceText, isolate } from './interfaceText';
import type { AnswerViewProps } from './types';

type Child = { id: string; kind: ChildKind; text: string; mark: number; view: unknown };

/** The passage, then each related question answered with its own kind's view. */
export function ParagraphAnswer({
  view,
  answer,
  onChange,
  questionId,
  language,
  number,
}: AnswerViewProps<{ passage: string; children: Child[] }, { children: Record<string, unknown> }>) {
  const translate = useTranslate();
  const idBase = useId();
  const answers = answer?.children ?? {};
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2, bgcolor: 'grey.50' }} data-testid="paragraph-passage">
        <RichTextView html={view.passage} />
      </Paper>
      {view.children.map((child, index) => {
        const View = CHILD_ANSWER_VIEWS[child.kind];
        // A part of this question ("Question 4, part 2"), never a number that clashes with the exam's.
        const part = { part: isolate(index + 1), number: isolate(number ?? '') };
        const label = translate(
          number === undefined ? 'question_editor.paragraph.part_only' : 'question_editor.paragraph.part',
          part,
        );
        const labelId = `${idBase}-part-${index}`;
        return (
          <Box key={child.id} component="section" aria-labelledby={labelId} data-testid="paragraph-part">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', mb: 1, flexWrap: 'wrap' }}>
              <InterfaceText>
                <Typography component="h3" id={labelId} sx={{ fontWeight: 600, fontSize: '1rem', m: 0 }}>
                  {label}
                </Typography>
                <Typography variant="body2" color="text.secondary" component="span">
                  {translate(`question_editor.kinds.${child.kind}`)}
                </Typography>
              </InterfaceText>
              <RichTextView html={child.text} sx={{ flexGrow: 1 }} />
              <InterfaceText>
                <Typography variant="body2" color="text.secondary" component="span">
                  {translate('question_editor.preview_answer.mark', { mark: isolate(child.mark) })}
                </Typography>
              </InterfaceText>
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
