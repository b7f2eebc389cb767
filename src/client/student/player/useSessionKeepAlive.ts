import { useEffect } from 'react';
import { studentApi } from '../api';

/** Under STUDENT_SESSION_IDLE_MINUTES (30 by default), whatever an operator sets it to within reason. */
export const KEEP_ALIVE_MS = 5 * 60_000;

/**
 * A student's session ends after a short idleness (shared school computers, issue 23); reading a
 * long passage or thinking over an essay is not idleness. While the exam is open on this page, the
 * session is used every few minutes. A failure is not reported here: the next save reports it.
 */
export function useSessionKeepAlive(everyMs = KEEP_ALIVE_MS): void {
  useEffect(() => {
    const timer = setInterval(() => void studentApi.keepAlive().catch(() => undefined), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
}
