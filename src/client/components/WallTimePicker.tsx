import { GlobalStyles } from '@mui/material';
import RtlProvider from '@mui/system/RtlProvider';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { DateField, type DateFieldProps } from '@mui/x-date-pickers/DateField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimeField, type DateTimeFieldProps } from '@mui/x-date-pickers/DateTimeField';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocaleState, useTranslate } from 'react-admin';
import { pickerLocaleText } from './pickerLocaleText';
import type { WallTimeInputProps } from './wallTimeProps';

/**
 * The wire format of SPEC section 3 (`wire`), and what the field shows (`shown`): unambiguous in
 * every language, digits in the reader's script. A day alone is `YYYY-MM-DD` both ways.
 */
const FORMATS = {
  dateTime: { wire: 'yyyy-MM-dd HH:mm:ss', shown: 'yyyy-MM-dd HH:mm' },
  date: { wire: 'yyyy-MM-dd', shown: 'yyyy-MM-dd' },
};
type Kind = keyof typeof FORMATS;

/** "2026-12-01 09:00:00" (or "2026-12-01") -> a date-time, read as a wall clock (no time zone shift). */
export const fromWire = (value: unknown, kind: Kind = 'dateTime'): DateTime | null => {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = DateTime.fromFormat(value, FORMATS[kind].wire, { zone: 'UTC' });
  return parsed.isValid ? parsed : null;
};

export const toWire = (value: DateTime | null, kind: Kind = 'dateTime'): string =>
  value?.isValid ? value.toUTC().toFormat(FORMATS[kind].wire) : '';

/**
 * The digits of a date and time are written left to right in Arabic too: the field's sections
 * show and move (arrow keys, typing) left to right, while its label and the calendar stay mirrored.
 */
function LeftToRightField(props: DateTimeFieldProps) {
  return (
    <RtlProvider value={false}>
      <DateTimeField {...props} />
    </RtlProvider>
  );
}

function LeftToRightDateField(props: DateFieldProps) {
  return (
    <RtlProvider value={false}>
      <DateField {...props} />
    </RtlProvider>
  );
}

// The Arabic stylesheet mirrors `direction` too; @noflip keeps the digits left to right.
const LEFT_TO_RIGHT_DIGITS =
  '.wall-time-field .MuiPickersSectionList-root { /* @noflip */ direction: ltr; unicode-bidi: isolate; } .wall-time-field .MuiPickersSectionList-root > * { unicode-bidi: isolate; }';

/**
 * The MUI X date-time picker on a react-admin input: calendar and clock in the console's language
 * (Arabic month names and digits in Arabic), right to left there, producing the spec's
 * `YYYY-MM-DD HH:mm:ss` wall-clock text of the schools' time zone; with `dateOnly`, the date
 * picker and `YYYY-MM-DD` (a browser's native date field shows mm/dd/yyyy in either language).
 */
export default function WallTimePicker({
  source,
  label,
  validate,
  fullWidth,
  helperText,
  disabled,
  dateOnly = false,
}: WallTimeInputProps) {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const localeText = useMemo(() => pickerLocaleText(translate), [translate]);
  const { field, fieldState, isRequired } = useInput({ source, validate, disabled });
  const error = fieldState.invalid ? fieldState.error?.message : undefined;

  const kind: Kind = dateOnly ? 'date' : 'dateTime';
  const common = {
    label: <FieldTitle label={label} source={source} isRequired={isRequired} />,
    value: fromWire(field.value, kind),
    onChange: (value: DateTime | null) => field.onChange(toWire(value, kind)),
    onClose: field.onBlur,
    timezone: 'UTC',
    format: FORMATS[kind].shown,
    disabled,
    slotProps: {
      textField: {
        name: field.name,
        fullWidth,
        onBlur: field.onBlur,
        error: Boolean(error),
        helperText: <InputHelperText error={error} helperText={helperText} />,
        className: 'wall-time-field',
      },
    },
  };

  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={locale} localeText={localeText}>
      <GlobalStyles styles={LEFT_TO_RIGHT_DIGITS} />
      {dateOnly ? (
        <DatePicker {...common} slots={{ field: LeftToRightDateField }} />
      ) : (
        <DateTimePicker {...common} ampm={false} slots={{ field: LeftToRightField }} />
      )}
    </LocalizationProvider>
  );
}
