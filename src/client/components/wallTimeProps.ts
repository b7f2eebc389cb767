import type { Validator } from 'react-admin';

/** The props of a wall-clock date-time input (WallTimeInput, and the lazily loaded picker behind it). */
export interface WallTimeInputProps {
  source: string;
  label?: string;
  validate?: Validator | Validator[];
  fullWidth?: boolean;
  helperText?: string;
  disabled?: boolean;
}
