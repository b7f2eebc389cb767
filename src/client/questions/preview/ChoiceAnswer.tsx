import { Checkbox, FormControlLabel, FormGroup, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { RichTextView } from '../../rich-text';
import { InterfaceText } from './interfaceText';
import type { AnswerViewProps, Entry } from './types';

type View = { options: Entry[] };

/**
 * A group's name in the interface's language (an `aria-label` would be spoken in the content's):
 * shown, as it also tells a sighted student how many to choose.
 */
export function GroupLabel({ id, text }: { id: string; text: string }) {
  return (
    <InterfaceText block id={id} sx={{ typography: 'body2', color: 'text.secondary', mb: 0.5 }}>
      {text}
    </InterfaceText>
  );
}

/** Single choice: radio buttons (arrow keys move between them). */
export function SingleChoiceAnswer({ view, answer, onChange }: AnswerViewProps<View, { option_id: string }>) {
  const translate = useTranslate();
  const labelId = useId();
  return (
    <RadioGroup
      aria-labelledby={labelId}
      value={answer?.option_id ?? ''}
      onChange={(event) => onChange({ option_id: event.target.value })}
    >
      <GroupLabel id={labelId} text={translate('question_editor.preview_answer.choose_one')} />
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
  const labelId = useId();
  const toggle = (id: string, on: boolean) =>
    onChange({ option_ids: on ? [...chosen, id] : chosen.filter((other) => other !== id) });
  return (
    <FormGroup aria-labelledby={labelId} role="group">
      <GroupLabel id={labelId} text={translate('question_editor.preview_answer.choose_many')} />
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
