import { FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnswerViewProps } from './types';

/** True or false: the view carries nothing but the question. */
export function TrueFalseAnswer({ answer, onChange }: AnswerViewProps<Record<string, never>, { value: boolean }>) {
  const translate = useTranslate();
  return (
    <RadioGroup
      row
      aria-label={translate('question_editor.preview_answer.true_or_false')}
      value={answer ? String(answer.value) : ''}
      onChange={(event) => onChange({ value: event.target.value === 'true' })}
    >
      <FormControlLabel value="true" control={<Radio />} label={translate('question_editor.true_false.true')} />
      <FormControlLabel value="false" control={<Radio />} label={translate('question_editor.true_false.false')} />
    </RadioGroup>
  );
}
