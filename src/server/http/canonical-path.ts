/**
 * Every route of this server is a plain path: lower-case words, digits, dashes, dots and slashes.
 * A request path that a router would first have to decode or normalise to match a route
 * (`/%61pi/users`, `/api//users`, `/api/./users`, `/api;x/users`, `/api/users/`) is answered 404,
 * so no guard can ever see one path while the router serves another.
 */
const SEGMENT = /^[A-Za-z0-9_~-](?:[A-Za-z0-9._~-]*)$/;

/** Whether the path part of a raw request target is already in its one canonical form. */
export function isCanonicalPath(rawUrl: string): boolean {
  const query = rawUrl.indexOf('?');
  const path = query === -1 ? rawUrl : rawUrl.slice(0, query);
  if (path === '/') return true;
  if (!path.startsWith('/') || path.endsWith('/')) return false;
  return path
    .slice(1)
    .split('/')
    .every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

/** The API lives under `/api`; any spelling of that prefix in another case is still "the API". */
export const looksLikeApi = (rawUrl: string) => /^\/api(?:[/?]|$)/i.test(rawUrl);
