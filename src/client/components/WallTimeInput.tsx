import { TextField } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { WallTimeInputProps } from './wallTimeProps';

export type { WallTimeInputProps };

// The pickers (MUI X, Luxon) load with the first form that needs them, not with the console.
const WallTimePicker = lazy(() => import('./WallTimePicker'));

/** A start or end date-time of the schools' wall clock (SPEC section 3), as `YYYY-MM-DD HH:mm:ss`. */
export function WallTimeInput(props: WallTimeInputProps) {
  return (
    <Suspense fallback={<TextField disabled fullWidth={props.fullWidth} size="small" />}>
      <WallTimePicker {...props} />
    </Suspense>
  );
}
