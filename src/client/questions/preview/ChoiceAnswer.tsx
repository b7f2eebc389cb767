import { Checkbox, FormControlLabel, FormGroup, Radio, RadioGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RichTextView } from '../../rich-text';
import type { AnswerViewProps, Entry } from './types';

type View = { options: Entry[] };

/** Single choice: radio buttons (arrow keys move between them). */
export function SingleChoiceAnswer({ view, answer, onChange }: AnswerViewProps<View, { option_id: string }>) {
  const translate = useTranslate();
  return (
    <RadioGroup
      aria-label={translate('question_editor.preview_answer.choose_one')}
      value={answer?.option_id ?? ''}
      onChange={(event) => onChange({ option_id: event.target.value })}
    >
      {view.options.map((option) => (
        <FormControlLabel
          key={option.id}
          value={option.id}
          control={<Radio />}
          label={<RichTextView html={option.text} component="span" />}
        />
      ))}
    </RadioGroup>
  );
}

/** Multiple choice: checkboxes. */
export function MultipleChoiceAnswer({ view, answer, onChange }: AnswerViewProps<View, { option_ids: string[] }>) {
  const translate = useTranslate();
  const chosen = answer?.option_ids ?? [];
  const toggle = (id: string, on: boolean) =>
    onChange({ option_ids: on ? [...chosen, id] : chosen.filter((other) => other !== id) });
  return (
    <FormGroup aria-label={translate('question_editor.preview_answer.choose_many')} role="group">
      {view.options.map((option) => (
        <FormControlLabel
          key={option.id}
          control={
            <Checkbox
              checked={chosen.includes(option.id)}
              onChange={(event) => toggle(option.id, event.target.checked)}
            />
          }
          label={<RichTextView html={option.text} component="span" />}
        />
      ))}
    </FormGroup>
  );
}
