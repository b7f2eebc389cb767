/**
 * The first page of a browser session (issue 39): a pupil who closes the browser instead of
 * signing out leaves nothing another person at the computer can read. On the first page after the
 * browser opens, whoever loads it, a student's stored sign-in (their name) is forgotten and so is
 * what the server already holds of their work (acknowledged answers, flags, the service worker's
 * copies of their reads); what it does not hold stays, sealed with their work key, to be sent at
 * their next sign-in. A cookie without an expiry marks the session: the browser drops it on close,
 * and every tab and reload of the session shares it.
 */
import { forgetStoredUser } from './auth';
import { storedUserIsStudent } from './boot';

export const BROWSER_SESSION_COOKIE = 'ltm_browser_session';

/** Whether this page is the first of the browser's session; marks the session when it is. */
export function startsBrowserSession(): boolean {
  const marked = document.cookie.split(';').some((part) => part.trim() === `${BROWSER_SESSION_COOKIE}=1`);
  if (marked) return false;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${BROWSER_SESSION_COOKIE}=1; path=/; SameSite=Strict${secure}`;
  return true;
}

/** On the first page of a browser session, forgets what a student left readable (see above). */
export function forgetLeftovers(): void {
  if (!startsBrowserSession()) return;
  if (storedUserIsStudent()) forgetStoredUser();
  void import('./student/sync/localWork')
    .then(({ forgetStudentWork }) => forgetStudentWork({ unsent: false }))
    .catch(() => undefined);
}
