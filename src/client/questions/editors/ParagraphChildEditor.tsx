import { clampTo } from '../../components/clamp';
import { Box, MenuItem, TextField } from '@mui/material';
import type { ComponentType } from 'react';
import { useTranslate } from 'react-admin';
import { CHILD_KINDS, MARK_OPTIONS, type AnswerDefinitions, type ChildKind } from '../../../common/questions';
import { RichText } from '../../rich-text';
import { CHILD_EDITORS } from './childEditors';
import { emptyDefinition } from './emptyDefinitions';
import { KindSelect } from './KindSelect';
import { useMessage } from './parts';
import { scopedErrors, type AnswerEditorProps, type ErrorLookup } from './types';

export type ParagraphChild = AnswerDefinitions['paragraph']['children'][number];

interface ParagraphChildEditorProps {
  child: ParagraphChild;
  onChange: (child: ParagraphChild) => void;
  /** Errors of this child: paths relative to it (`['text']`, `['definition', 'options']`). */
  error: ErrorLookup;
  language: string;
}

/** One related question: its own type, text, mark, mark option and answer editor. */
export function ParagraphChildEditor({ child, onChange, error, language }: ParagraphChildEditorProps) {
  const translate = useTranslate();
  const message = useMessage();
  const Editor = CHILD_EDITORS[child.kind] as ComponentType<AnswerEditorProps> | undefined;
  const markError = message(error(['mark']));
  const optionError = message(error(['mark_option']));
  const changeKind = (kind: ChildKind) =>
    kind !== child.kind && onChange({ ...child, kind, definition: emptyDefinition(kind) });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <KindSelect
          kinds={CHILD_KINDS}
          value={child.kind}
          onChange={changeKind}
          error={error(['kind'])}
          label="question_editor.paragraph.child_kind"
        />
        <TextField
          type="number"
          label={translate('resources.questions-bank.fields.mark')}
          value={child.mark ?? ''}
          onChange={(event) => onChange({ ...child, mark: clampTo(0, 100)(event.target.value) as number })}
          error={Boolean(markError)}
          helperText={markError}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 0.5 } }}
          sx={{ width: 140 }}
        />
        <TextField
          select
          label={translate('resources.questions-bank.fields.mark_option')}
          value={child.mark_option ?? ''}
          onChange={(event) => onChange({ ...child, mark_option: event.target.value as ParagraphChild['mark_option'] })}
          error={Boolean(optionError)}
          helperText={optionError}
          sx={{ minWidth: 200 }}
        >
          {MARK_OPTIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {translate(`resources.questions-bank.choices.mark_option.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <RichText
        value={child.text}
        onChange={(text) => onChange({ ...child, text })}
        language={language}
        label="resources.questions-bank.fields.text"
        error={error(['text'])}
      />
      {Editor && (
        <Editor
          // Authored, not yet valid: the definition the editor of `child.kind` builds.
          value={child.definition as AnswerEditorProps['value']}
          onChange={(definition) => onChange({ ...child, definition })}
          error={scopedErrors(error, ['definition'])}
          language={language}
        />
      )}
    </Box>
  );
}
