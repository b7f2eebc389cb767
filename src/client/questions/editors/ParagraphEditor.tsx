import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { paragraphMark } from '../../../common/questions';
import { RichText } from '../../rich-text';
import { emptyChild } from './emptyDefinitions';
import { replaceAt } from './listOps';
import { ParagraphChildEditor, type ParagraphChild } from './ParagraphChildEditor';
import { AddButton, ItemActions, ListError } from './parts';
import { scopedErrors, type AnswerEditorProps } from './types';

/** The sum of the children's marks, counting a mark still being typed as 0. */
export const childrenMark = (children: readonly ParagraphChild[]) =>
  paragraphMark({
    children: children.map((child) => ({
      ...child,
      mark: Number.isFinite(Number(child.mark)) ? Number(child.mark) : 0,
    })),
  });

/** A passage and its related questions, each of any kind but paragraph, with its own mark. */
export function ParagraphEditor({ value, onChange, error, language }: AnswerEditorProps<'paragraph'>) {
  const translate = useTranslate();
  const passage = value?.passage ?? '';
  const children = value?.children ?? [];
  const update = (next: ParagraphChild[]) => onChange({ passage, children: next });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="paragraph-editor">
      <RichText
        value={passage}
        onChange={(text) => onChange({ passage: text, children })}
        language={language}
        label="question_editor.paragraph.passage"
        error={error(['passage'])}
      />
      <Typography variant="subtitle1">
        {translate('question_editor.paragraph.children', { mark: childrenMark(children) })}
      </Typography>
      <ListError message={error(['children'])} />
      {children.map((child, index) => {
        const name = translate('question_editor.paragraph.child', { number: index + 1 });
        return (
          <Paper key={child.id} variant="outlined" role="group" aria-label={name} sx={{ p: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="subtitle2">{name}</Typography>
              <ItemActions list={children} index={index} onChange={update} name={name} itemId={child.id} />
            </Box>
            <ParagraphChildEditor
              child={child}
              onChange={(next) => update(replaceAt(children, index, next))}
              error={scopedErrors(error, ['children', index])}
              language={language}
            />
          </Paper>
        );
      })}
      <AddButton label="question_editor.paragraph.add" onClick={() => update([...children, emptyChild()])} />
    </Box>
  );
}
