import { Box, TextField } from '@mui/material';
import { SelectInput, useTranslate } from 'react-admin';
import { BoundedNumberInput } from '../../components/BoundedNumberInput';
import { useWatch } from 'react-hook-form';
import { MARK_OPTIONS } from '../../../common/questions';
import { effectiveMark } from './formValues';

const markOptions = MARK_OPTIONS.map((option) => ({ id: option, name: `question_editor.mark_options.${option}` }));

/** Mark and mark options; a paragraph's mark is its questions' sum, shown but not typed. */
export function MarkInputs() {
  const translate = useTranslate();
  const [kind, answerKey, mark] = useWatch({ name: ['answer_type', 'answer_key', 'mark'] });
  const paragraph = kind === 'paragraph';
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      {paragraph ? (
        <TextField
          label={translate('resources.questions-bank.fields.mark')}
          value={effectiveMark({ answer_type: kind, answer_key: answerKey, mark }) ?? ''}
          helperText={translate('question_editor.paragraph_mark_help')}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'paragraph-mark' } }}
          sx={{ width: 220 }}
        />
      ) : (
        <BoundedNumberInput
          source="mark"
          label="resources.questions-bank.fields.mark"
          min={0}
          max={100}
          step={0.5}
          sx={{ width: 220 }}
        />
      )}
      <SelectInput
        source="mark_option"
        label="resources.questions-bank.fields.mark_option"
        choices={markOptions}
        sx={{ minWidth: 240 }}
      />
    </Box>
  );
}
