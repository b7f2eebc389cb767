import { TextField } from '@mui/material';
import { Suspense } from 'react';
import { FieldTitle } from 'react-admin';
import type { WallTimeInputProps } from './wallTimeProps';
import { lazyLoaded } from '../pageReady';

export type { WallTimeInputProps };

// The pickers (MUI X, Luxon) load with the first form that needs them, not with the console.
const WallTimePicker = lazyLoaded(() => import('./WallTimePicker'));

/** A start or end date-time of the schools' wall clock (SPEC section 3), as `YYYY-MM-DD HH:mm:ss`. */
export function WallTimeInput(props: WallTimeInputProps) {
  // While the picker loads, its place is held by a disabled field with the same label (never unnamed).
  const waiting = (
    <TextField
      disabled
      fullWidth={props.fullWidth}
      size="small"
      label={<FieldTitle label={props.label} source={props.source} />}
      slotProps={{ htmlInput: { 'aria-busy': true } }}
    />
  );
  return (
    <Suspense fallback={waiting}>
      <WallTimePicker {...props} />
    </Suspense>
  );
}
