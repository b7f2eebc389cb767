import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'XMLHttpRequest';

/**
 * A state-changing /api request must carry `X-Requested-With: XMLHttpRequest`, which a cross-site
 * HTML form cannot send, and, when the browser says where it comes from, come from this host.
 */
export function installCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api')) return;
    const header = request.headers[CSRF_HEADER];
    if (typeof header !== 'string' || header.toLowerCase() !== CSRF_HEADER_VALUE.toLowerCase()) {
      throw new AppError(403, 'errors.csrf');
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !sameHost(origin, request.headers.host)) throw new AppError(403, 'errors.csrf');
  });
}

/** Whether an Origin header names the host the request was sent to (default ports ignored). */
function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const from = new URL(origin);
    const to = new URL(`${from.protocol}//${host}`);
    return from.host === to.host;
  } catch {
    return false;
  }
}
