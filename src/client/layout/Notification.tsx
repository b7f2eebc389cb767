import { Notification as RaNotification } from 'react-admin';

/** SPEC sections 8 and 9: toasts sit at the bottom centre and stay 5 seconds. */
export const TOAST_DURATION_MS = 5000;

export function Notification() {
  return (
    <RaNotification autoHideDuration={TOAST_DURATION_MS} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />
  );
}
