import { Autocomplete, Chip, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/** Free tags (SPEC section 3 lists `tags`): type one and press Enter; up to 20 of 50 characters. */
export function TagsInput({
  source,
  label,
  helperText,
  disabled,
}: {
  source: string;
  label: string;
  helperText: string;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const tags: string[] = Array.isArray(field.value) ? field.value : [];
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      disabled={disabled}
      value={tags}
      onChange={(_, value) =>
        field.onChange([...new Set(value.map((tag) => tag.trim().slice(0, 50)).filter(Boolean))].slice(0, 20))
      }
      onBlur={field.onBlur}
      renderValue={(value, getItemProps) =>
        value.map((tag, index) => <Chip size="small" label={tag} {...getItemProps({ index })} key={tag} />)
      }
      renderInput={(params) => (
        <TextField {...params} name={source} label={translate(label)} helperText={translate(helperText)} />
      )}
    />
  );
}
