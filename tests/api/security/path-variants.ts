/**
 * Spellings of a route that a lenient router or proxy might decode or normalise into the route
 * itself. The server must answer each with 404: a guard must never see one path while the router
 * serves another.
 */
const hex = (letter: string) => `%${letter.charCodeAt(0).toString(16)}`;

export const ENCODED_VARIANTS: Record<string, (path: string) => string> = {
  'encoded letter in the prefix': (p) => p.replace('/api', '/%61pi'),
  'encoded letter in the prefix, upper-case hex': (p) => p.replace('/api', '/ap%69'),
  'double-encoded letter in the prefix': (p) => p.replace('/api', '/%2561pi'),
  'encoded letter in the resource name': (p) =>
    p.replace(/^\/api\/([a-z])/, (_, first: string) => `/api/${hex(first)}`),
  'malformed percent-encoding': (p) => p.replace('/api/', '/api/%zz'),
  'mixed case prefix': (p) => p.replace('/api', '/Api'),
  'upper case prefix': (p) => p.replace('/api', '/API'),
  'trailing slash': (p) => `${p}/`,
  'leading double slash': (p) => `/${p}`,
  'inner double slash': (p) => p.replace('/api/', '/api//'),
  'dot segment first': (p) => `/.${p}`,
  'dot segment inside': (p) => p.replace('/api/', '/api/./'),
  'dot-dot segment': (p) => p.replace('/api/', '/api/x/../'),
  'encoded dot-dot segment': (p) => p.replace('/api/', '/api/x/%2e%2e/'),
  'semicolon after the prefix': (p) => p.replace('/api', '/api;'),
  'semicolon parameter at the end': (p) => `${p};x=1`,
  'encoded slash': (p) => p.replace('/api/', '/api%2f'),
  'encoded slash, upper-case hex': (p) => p.replace('/api/', '/api%2F'),
  'encoded NUL at the end': (p) => `${p}%00`,
  backslash: (p) => p.replace('/api/', '/api\\'),
};
