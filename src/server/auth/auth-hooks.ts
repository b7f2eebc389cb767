import type { FastifyInstance } from 'fastify';
import { routeAccess } from './access';
import { loadSession } from './sessions';

/**
 * Loads `request.auth` from the session cookie for the routes that need to know who calls: every
 * non-public route, and public ones that ask for it (`config.session: 'optional'`, e.g. logout).
 * The matched route decides; an invalid cookie is cleared.
 */
export function installSessionLoader(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const access = routeAccess(request);
    if (!access || (access === 'public' && request.routeOptions.config.session !== 'optional')) return;
    const { cookieName, ...policy } = app.config.session;
    const token = request.cookies[cookieName];
    if (!token) return;
    request.auth = await loadSession(app.db, token, policy);
    if (!request.auth) reply.clearCookie(cookieName, { path: '/' });
  });
}
