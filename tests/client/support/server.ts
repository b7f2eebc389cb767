import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * Defaults every test starts from: nobody is signed in, monitoring is off. Tests add
 * their own handlers with `server.use(...)`; unknown requests fail the test.
 */
/** The work key every test's student has (`GET /api/student/work-key`). */
export const TEST_WORK_KEY = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i + 1)));

export const server = setupServer(
  http.get('*/api/user', () => HttpResponse.json({ message: 'Please sign in to continue.' }, { status: 401 })),
  http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
  http.get('*/api/config', () => HttpResponse.json({ data: { sentry_dsn: null, environment: 'test' } })),
  // No single sign-on provider is configured unless a test says so.
  http.get('*/api/sso/providers', () => HttpResponse.json({ data: [] })),
  // The signed-in student's work key (32 bytes, base64), as the server gives it.
  http.get('*/api/student/work-key', () => HttpResponse.json({ data: { key: TEST_WORK_KEY } })),
);

/** Remembers the requests a handler saw, so a test can assert on headers and bodies. */
export function recorder() {
  const requests: Request[] = [];
  return {
    requests,
    record(request: Request) {
      requests.push(request.clone());
    },
  };
}
