import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'XMLHttpRequest';

/**
 * Whether the matched route changes state and needs the check: any unsafe method, or a GET that says
 * so (`config.changesState`); never a route that takes other sites' posts (`config.crossSitePost`).
 */
const changesState = (request: FastifyRequest) =>
  request.routeOptions.config.crossSitePost !== true &&
  (!SAFE_METHODS.has(request.method) || request.routeOptions.config.changesState === true);

/**
 * A state-changing request must carry `X-Requested-With: XMLHttpRequest`, which a cross-site HTML
 * form or link cannot send, and, when the browser says where it comes from (Origin, or Referer
 * when Origin is absent), come from this host. Decided from the matched route, never the URL.
 */
export function installCsrfGuard(app: FastifyInstance): void {
  // A hook without a promise: it runs on every request (issue 44).
  app.addHook('onRequest', (request, _reply, next) => {
    if (request.is404 || !changesState(request)) return next();
    const header = request.headers[CSRF_HEADER];
    if (typeof header !== 'string' || header.toLowerCase() !== CSRF_HEADER_VALUE.toLowerCase()) {
      throw new AppError(403, 'errors.csrf');
    }
    const { origin, referer } = request.headers;
    const from = origin ?? referer;
    if (from !== undefined && !sameHost(from, request.headers.host)) throw new AppError(403, 'errors.csrf');
    next();
  });
}

/** Whether an Origin or Referer header names the host the request was sent to (default ports ignored). */
function sameHost(source: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const from = new URL(source);
    const to = new URL(`${from.protocol}//${host}`);
    return from.host === to.host;
  } catch {
    return false;
  }
}
