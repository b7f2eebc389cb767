import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { useMessage } from './parts';
import type { AnswerEditorProps } from './types';

/** The correct value of a true/false question; nothing is chosen until the author chooses. */
export function TrueFalseEditor({ value, onChange, error }: AnswerEditorProps<'true_false'>) {
  const translate = useTranslate();
  const message = useMessage()(error(['correct']));
  const labelId = useId();
  const current = typeof value?.correct === 'boolean' ? String(value.correct) : '';
  return (
    <FormControl error={Boolean(message)} data-testid="true-false-editor">
      <FormLabel id={labelId}>{translate('question_editor.true_false.correct')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={current}
        onChange={(event) => onChange({ correct: event.target.value === 'true' })}
      >
        <FormControlLabel value="true" control={<Radio />} label={translate('question_editor.true_false.true')} />
        <FormControlLabel value="false" control={<Radio />} label={translate('question_editor.true_false.false')} />
      </RadioGroup>
      {message && <FormHelperText>{message}</FormHelperText>}
    </FormControl>
  );
}
