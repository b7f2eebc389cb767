import { Box, Checkbox, Radio, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { AnswerDefinitions } from '../../../common/questions';
import { RichText } from '../../rich-text';
import { emptyOption } from './emptyDefinitions';
import { replaceAt } from './listOps';
import { AddButton, ItemActions, ListError } from './parts';
import type { AnswerEditorProps } from './types';

type Options = AnswerDefinitions['single_choice']['options'];

/**
 * Options with a correct toggle: a radio group for single choice (choosing one unmarks the
 * rest; arrow keys move between them), checkboxes for multiple choice.
 */
function ChoiceEditor({
  value,
  onChange,
  error,
  language,
  multiple,
}: AnswerEditorProps<'single_choice'> & { multiple: boolean }) {
  const translate = useTranslate();
  const group = useId();
  const options: Options = value?.options ?? [];
  const update = (next: Options) => onChange({ options: next });
  const markCorrect = (index: number, correct: boolean) =>
    update(
      options.map((option, i) =>
        i === index ? { ...option, correct } : multiple ? option : { ...option, correct: false },
      ),
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="choice-editor">
      <Typography variant="body2" color="text.secondary">
        {translate(multiple ? 'question_editor.choice.help_multiple' : 'question_editor.choice.help_single')}
      </Typography>
      <ListError message={error(['options'])} />
      {options.map((option, index) => {
        const name = translate('question_editor.choice.option', { number: index + 1 });
        const Toggle = multiple ? Checkbox : Radio;
        return (
          <Box key={option.id} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Toggle
              name={multiple ? undefined : group}
              checked={option.correct}
              onChange={(event) => markCorrect(index, event.target.checked)}
              slotProps={{ input: { 'aria-label': translate('question_editor.choice.correct', { name }) } }}
              sx={{ mt: 3 }}
            />
            <Box sx={{ flexGrow: 1 }}>
              <RichText
                compact
                value={option.text}
                onChange={(text) => update(replaceAt(options, index, { ...option, text }))}
                language={language}
                label={name}
                error={error(['options', index, 'text']) ?? error(['options', index, 'id'])}
              />
            </Box>
            <Box sx={{ mt: 3 }}>
              <ItemActions list={options} index={index} onChange={update} name={name} itemId={option.id} />
            </Box>
          </Box>
        );
      })}
      <AddButton label="question_editor.choice.add" onClick={() => update([...options, emptyOption()])} />
    </Box>
  );
}

export const SingleChoiceEditor = (props: AnswerEditorProps<'single_choice'>) => (
  <ChoiceEditor {...props} multiple={false} />
);

export const MultipleChoiceEditor = (props: AnswerEditorProps<'multiple_choice'>) => (
  <ChoiceEditor {...props} multiple />
);
