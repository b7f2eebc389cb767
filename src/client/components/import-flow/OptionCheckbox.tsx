import { Checkbox, FormControlLabel, type SxProps, type Theme } from '@mui/material';

export interface OptionCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The option, translated: the checkbox's accessible name. */
  label: string;
  sx?: SxProps<Theme>;
}

/** An import's option (make the classes, create the lookups, import the rest): a labelled checkbox. */
export function OptionCheckbox({ checked, onChange, disabled, label, sx }: OptionCheckboxProps) {
  return (
    <FormControlLabel
      sx={sx}
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={disabled} />}
      label={label}
    />
  );
}
