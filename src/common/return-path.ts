/** The longest address a sign-in brings the browser back to. */
const LONGEST = 1000;
const ORIGIN = 'http://console.invalid';

const hasControl = (text: string) => Array.from(text).some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * A console page to come back to once signed in elsewhere (a single sign-on provider): a path of
 * this site with its query, never another site's address (`//host`, `/\host`, `https:`), never the
 * API or the sign-in page itself; null for anything else, which brings the user to their home.
 */
export function consolePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > LONGEST) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControl(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const { pathname } = url;
  // A first segment with a colon reads as a scheme once the leading slash is gone (`/ftp:x//host`).
  if (pathname.split('/')[1]?.includes(':')) return null;
  if (pathname === '/' || pathname === '/login' || pathname === '/api' || pathname.startsWith('/api/')) return null;
  return `${pathname}${url.search}`;
}
