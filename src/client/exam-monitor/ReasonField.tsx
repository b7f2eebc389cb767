import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A reason the server takes (3 to 500 characters, trimmed), as every exam-day dialog asks for it. */
export const reasonGiven = (reason: string) => reason.trim().length >= 3;

/** The reason an exam-day action is kept in the audit log with: required, up to 500 characters. */
export function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate('exam_day.dialog.reason')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      multiline
      minRows={2}
      slotProps={{ htmlInput: { maxLength: 500 } }}
      helperText={translate('exam_day.dialog.reason_help')}
    />
  );
}
