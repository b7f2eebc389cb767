import type { FastifyInstance } from 'fastify';
import { loadSession } from './sessions';

/** Loads `request.auth` from the session cookie; an invalid cookie is cleared. */
export function installSessionLoader(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api')) return;
    const { cookieName, ...policy } = app.config.session;
    const token = request.cookies[cookieName];
    if (!token) return;
    request.auth = await loadSession(app.db, token, policy);
    if (!request.auth) reply.clearCookie(cookieName, { path: '/' });
  });
}
