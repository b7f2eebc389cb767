import { clampTo } from '../../components/clamp';
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useMessage } from './parts';

interface NumberSettingProps {
  label: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  error?: string;
  helperText?: string;
  min: number;
  max: number;
}

/**
 * A whole-number setting of a definition (maximum words, maximum seconds). An empty box is
 * null, so the schema says what is missing instead of the field inventing a number.
 */
export function NumberSetting({ label, value, onChange, error, helperText, min, max }: NumberSettingProps) {
  const translate = useTranslate();
  const message = useMessage()(error);
  return (
    <TextField
      type="number"
      label={translate(label)}
      value={value ?? ''}
      onChange={(event) => {
        onChange(clampTo(min, max)(event.target.value.trim()));
      }}
      error={Boolean(message)}
      helperText={message ?? (helperText ? translate(helperText, { min, max }) : undefined)}
      slotProps={{ htmlInput: { min, max, step: 1 } }}
      sx={{ maxWidth: 320 }}
    />
  );
}
