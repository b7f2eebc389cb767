import type { Validator } from 'react-admin';

/** The props of a wall-clock date-time input (WallTimeInput, and the lazily loaded picker behind it). */
export interface WallTimeInputProps {
  source: string;
  label?: string;
  validate?: Validator | Validator[];
  fullWidth?: boolean;
  helperText?: string;
  disabled?: boolean;
  /** A day without a time (a date of birth, a filter's first or last day), as `YYYY-MM-DD`. */
  dateOnly?: boolean;
  /** In a list's filters: shown without being added (react-admin reads it from the element). */
  alwaysOn?: boolean;
}
