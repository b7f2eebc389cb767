import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import questionsBank from '../../../../schemas/questions-bank';
import { BoundedNumberInput } from '../../components/BoundedNumberInput';
import { effectiveMark } from './formValues';

const { min, max } = questionsBank.fields.mark;

/** The mark; a paragraph's is its questions' sum, shown but not typed. */
export function MarkInput() {
  const translate = useTranslate();
  const [kind, answerKey, mark] = useWatch({ name: ['answer_type', 'answer_key', 'mark'] });
  if (kind === 'paragraph')
    return (
      <TextField
        label={translate('resources.questions-bank.fields.mark')}
        value={effectiveMark({ answer_type: kind, answer_key: answerKey, mark }) ?? ''}
        helperText={translate('question_editor.paragraph_mark_help')}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'paragraph-mark' } }}
        fullWidth
      />
    );
  return (
    <BoundedNumberInput
      source="mark"
      label="resources.questions-bank.fields.mark"
      min={min}
      max={max}
      step={0.5}
      fullWidth
    />
  );
}
