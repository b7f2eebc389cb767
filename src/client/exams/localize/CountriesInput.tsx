import { Autocomplete, Chip, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { countryChoices } from '../../../common/countries';
import { useLanguage } from '../../i18n/recordName';

interface CountriesInputProps {
  value: string[];
  onChange: (countries: string[]) => void;
  error?: string;
  helperText?: string;
}

/** ISO 3166 countries, named and sorted in the console's language; the value is alpha-2 codes. */
export function CountriesInput({ value, onChange, error, helperText }: CountriesInputProps) {
  const translate = useTranslate();
  const language = useLanguage();
  const choices = useMemo(() => countryChoices(language), [language]);
  const names = useMemo(() => new Map(choices.map((choice) => [choice.id, choice.name])), [choices]);
  return (
    <Autocomplete
      multiple
      options={choices.map((choice) => choice.id)}
      value={value}
      onChange={(_, codes) => onChange(codes)}
      getOptionLabel={(code) => names.get(code) ?? code}
      renderValue={(codes, getItemProps) =>
        codes.map((code, index) => (
          <Chip size="small" label={names.get(code) ?? code} {...getItemProps({ index })} key={code} />
        ))
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('exams.localize.countries')}
          error={Boolean(error)}
          helperText={error ? translate(error) : helperText ? translate(helperText) : undefined}
        />
      )}
    />
  );
}
