import { Box } from '@mui/material';
import { useRef, type ComponentType } from 'react';
import { useController, useFormState, useWatch } from 'react-hook-form';
import { ANSWER_KINDS, type AnswerKind } from '../../../common/questions';
import { ANSWER_EDITORS, emptyDefinition, type AnswerEditorProps } from '../editors';
import { KindSelect } from '../editors/KindSelect';
import { errorAt } from './formErrors';

/**
 * The answer type and the editor of that type, bound to `answer_type` and `answer_key`. A
 * new type starts from its empty definition; going back to a type seen before restores what
 * was typed there, so a misclick costs nothing.
 */
export function AnswerKeyInput() {
  const kind = useController({ name: 'answer_type' });
  const key = useController({ name: 'answer_key' });
  const { errors } = useFormState({ name: 'answer_key' });
  const language = useWatch({ name: 'content_language' }) as string;
  const drafts = useRef<Partial<Record<AnswerKind, unknown>>>({});
  const current = kind.field.value as AnswerKind | null;
  const Editor = current ? (ANSWER_EDITORS[current] as ComponentType<AnswerEditorProps>) : null;

  const changeKind = (next: AnswerKind) => {
    if (next === current) return;
    if (current) drafts.current[current] = key.field.value;
    kind.field.onChange(next);
    key.field.onChange(drafts.current[next] ?? emptyDefinition(next));
  };

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      data-testid="answer-key-input"
      data-kind={current ?? ''}
    >
      <KindSelect kinds={ANSWER_KINDS} value={current} onChange={changeKind} error={kind.fieldState.error?.message} />
      {Editor && (
        <Editor
          key={current}
          value={key.field.value}
          onChange={key.field.onChange}
          error={(path) => errorAt(errors.answer_key, path)}
          language={language ?? 'en'}
        />
      )}
    </Box>
  );
}
