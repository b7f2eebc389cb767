import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnswerKind } from '../../../common/questions';
import { useMessage } from './parts';

interface KindSelectProps<K extends AnswerKind> {
  kinds: readonly K[];
  value: K | '' | null | undefined;
  onChange: (kind: K) => void;
  label?: string;
  error?: string;
}

/** Picks an answer type, named in the reader's language (`question_editor.kinds.*`). */
export function KindSelect<K extends AnswerKind>({
  kinds,
  value,
  onChange,
  label = 'resources.questions-bank.fields.answer_type',
  error,
}: KindSelectProps<K>) {
  const translate = useTranslate();
  const message = useMessage()(error);
  return (
    <TextField
      select
      label={translate(label)}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value as K)}
      error={Boolean(message)}
      helperText={message}
      sx={{ minWidth: 260 }}
    >
      {kinds.map((kind) => (
        <MenuItem key={kind} value={kind}>
          {translate(`question_editor.kinds.${kind}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
