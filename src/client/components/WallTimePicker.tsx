import { GlobalStyles } from '@mui/material';
import RtlProvider from '@mui/system/RtlProvider';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { DateTimeField, type DateTimeFieldProps } from '@mui/x-date-pickers/DateTimeField';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocaleState, useTranslate } from 'react-admin';
import { pickerLocaleText } from './pickerLocaleText';
import type { WallTimeInputProps } from './wallTimeProps';

/** The wire format of SPEC section 3. */
const WIRE = 'yyyy-MM-dd HH:mm:ss';
/** What the field shows: unambiguous in every language, digits in the reader's script. */
const SHOWN = 'yyyy-MM-dd HH:mm';

/** "2026-12-01 09:00:00" -> a date-time, read as a wall clock (no time zone shift). */
export const fromWire = (value: unknown): DateTime | null => {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = DateTime.fromFormat(value, WIRE, { zone: 'UTC' });
  return parsed.isValid ? parsed : null;
};

export const toWire = (value: DateTime | null): string => (value?.isValid ? value.toUTC().toFormat(WIRE) : '');

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

// The Arabic stylesheet mirrors `direction` too; @noflip keeps the digits left to right.
const LEFT_TO_RIGHT_DIGITS =
  '.wall-time-field .MuiPickersSectionList-root { /* @noflip */ direction: ltr; unicode-bidi: isolate; } .wall-time-field .MuiPickersSectionList-root > * { unicode-bidi: isolate; }';

/**
 * The MUI X date-time picker on a react-admin input: calendar and clock in the console's language
 * (Arabic month names and digits in Arabic), right to left there, producing the spec's
 * `YYYY-MM-DD HH:mm:ss` wall-clock text of the schools' time zone.
 */
export default function WallTimePicker({
  source,
  label,
  validate,
  fullWidth,
  helperText,
  disabled,
}: WallTimeInputProps) {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const localeText = useMemo(() => pickerLocaleText(translate), [translate]);
  const { field, fieldState, isRequired } = useInput({ source, validate, disabled });
  const error = fieldState.invalid ? fieldState.error?.message : undefined;

  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={locale} localeText={localeText}>
      <GlobalStyles styles={LEFT_TO_RIGHT_DIGITS} />
      <DateTimePicker
        label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
        value={fromWire(field.value)}
        onChange={(value) => field.onChange(toWire(value))}
        onClose={field.onBlur}
        timezone="UTC"
        ampm={false}
        format={SHOWN}
        disabled={disabled}
        slots={{ field: LeftToRightField }}
        slotProps={{
          textField: {
            name: field.name,
            fullWidth,
            onBlur: field.onBlur,
            error: Boolean(error),
            helperText: <InputHelperText error={error} helperText={helperText} />,
            className: 'wall-time-field',
          },
        }}
      />
    </LocalizationProvider>
  );
}
