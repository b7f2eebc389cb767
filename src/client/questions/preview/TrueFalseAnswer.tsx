import { FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { GroupLabel } from './ChoiceAnswer';
import { InterfaceText } from './interfaceText';
import type { AnswerViewProps } from './types';

/** True or false: the view carries nothing but the question; both words are the interface's. */
export function TrueFalseAnswer({ answer, onChange }: AnswerViewProps<Record<string, never>, { value: boolean }>) {
  const translate = useTranslate();
  const labelId = useId();
  return (
    <>
      <GroupLabel id={labelId} text={translate('question_editor.preview_answer.true_or_false')} />
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={answer ? String(answer.value) : ''}
        onChange={(event) => onChange({ value: event.target.value === 'true' })}
      >
        <FormControlLabel
          value="true"
          control={<Radio />}
          label={<InterfaceText>{translate('question_editor.true_false.true')}</InterfaceText>}
        />
        <FormControlLabel
          value="false"
          control={<Radio />}
          label={<InterfaceText>{translate('question_editor.true_false.false')}</InterfaceText>}
        />
      </RadioGroup>
    </>
  );
}
