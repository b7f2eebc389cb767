import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database';
import { routeAccess } from './access';
import { decodeSessionChange, registerSessionCache, SESSION_CHANNEL, SessionCache } from './session-cache';
import { loadSession } from './sessions';

/**
 * Loads `request.auth` from the session cookie for the routes that need to know who calls: every
 * non-public route, and public ones that ask for it (`config.session: 'optional'`, e.g. logout).
 * The matched route decides; an invalid cookie is cleared.
 */
export function installSessionLoader(app: FastifyInstance, database: DatabaseHandle): void {
  app.decorate('sessionCache', createSessionCache(app, database));
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const access = routeAccess(request);
    if (!access || (access === 'public' && request.routeOptions.config.session !== 'optional')) return;
    const { cookieName, ...policy } = app.config.session;
    const token = request.cookies[cookieName];
    if (!token) return;
    request.auth = await loadSession(app.db, token, policy, {
      cache: app.sessionCache,
      runPrepared: app.runPrepared,
      mfaRequiredRoles: app.config.mfa.requiredRoles,
    });
    if (!request.auth) reply.clearCookie(cookieName, { path: '/' });
  });
}

/**
 * The process's session cache. On PostgreSQL it keeps sessions only while it hears the other
 * processes' changes; on PGlite (one process) always. `SESSION_CACHE_SECONDS=0` turns it off.
 */
function createSessionCache(app: FastifyInstance, database: DatabaseHandle): SessionCache {
  const ttlMs = app.config.sessionCacheSeconds * 1000;
  const cache = new SessionCache(ttlMs, database.kind === 'pglite');
  if (ttlMs <= 0) return cache;
  const unregister = registerSessionCache(cache);
  const listener = database.listen(SESSION_CHANNEL, {
    onMessage: (payload) => {
      const change = decodeSessionChange(payload);
      if (change) cache.forget(change);
    },
    onLive: (live) => cache.setLive(live),
    onError: (error) => app.log.warn({ err: error }, 'session change listener lost its connection'),
  });
  app.addHook('onClose', async () => {
    unregister();
    await listener?.close();
  });
  return cache;
}
