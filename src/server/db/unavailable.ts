/**
 * Whether an error means the database is out of reach for a while (restarting, refusing
 * connections, a connection cut), rather than a fault of the request or of our code: the server
 * answers 503 with Retry-After and the client tries again.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
// PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, connection_exception and its kind.
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const MESSAGES = [
  /not queryable/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
  /connection terminated/i,
  /terminating connection/i,
  /connection (?:is )?closed/i,
  /timeout exceeded when trying to connect/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code))) return true;
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}
