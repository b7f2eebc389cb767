import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A list's search box: the search applies on Enter or on leaving the box (not on every key). */
export function SearchField({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const translate = useTranslate();
  return (
    <TextField
      size="small"
      fullWidth={false}
      sx={{ width: 320 }}
      type="search"
      label={translate('report_screens.search')}
      defaultValue={value}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch((event.target as HTMLInputElement).value);
      }}
      onBlur={(event) => event.target.value !== value && onSearch(event.target.value)}
    />
  );
}
