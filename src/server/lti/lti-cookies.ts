/**
 * The attributes of the cookies an LTI flow keeps in the browser (the login's state, a teacher's
 * deep linking request). A platform opens deep linking, and may open a launch, in a frame of its
 * own page: a cookie of a framed site is sent only when it is `SameSite=None`, which must be
 * `Secure`, and, partitioned (CHIPS), it is kept for that framing site alone. Where the site cannot
 * set a secure cookie (plain http other than the browser's own localhost), they stay `Lax`: a
 * launch then works in a window of its own only.
 */
export function ltiCookie(publicUrl: string, path: string) {
  const url = new URL(publicUrl);
  const secureContext = url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return secureContext
    ? { path, httpOnly: true, sameSite: 'none' as const, secure: true, partitioned: true }
    : { path, httpOnly: true, sameSite: 'lax' as const, secure: false };
}
