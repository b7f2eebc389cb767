import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { hasAnyPermission, PLATFORMS_VIEW } from '../../common/permissions';
import { AppError, forbidden, unauthenticated } from '../http/app-error';

/**
 * Every /api route declares who may call it:
 * - `'public'`: anyone, signed in or not;
 * - `'authenticated'`: any signed-in user who holds the platforms-view permission;
 * - `{ anyOf: [...] }`: a signed-in user with platforms-view and at least one of these permissions.
 */
export type Access = 'public' | 'authenticated' | { anyOf: readonly string[] };

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

export const requirePermission = (...anyOf: string[]): Access => ({ anyOf });

/** Throws 401/403 unless the request passes the rule. */
export function assertAccess(request: FastifyRequest, access: Access): void {
  if (access === 'public') return;
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  if (!auth.permissions.has(PLATFORMS_VIEW)) throw new AppError(403, 'errors.app_denied');
  if (access !== 'authenticated' && !hasAnyPermission(auth.permissions, access.anyOf)) throw forbidden();
}

/**
 * Records every route (the test that walks them reads the returned table) and enforces the rule
 * before the body is even read. A route under /api without a rule is refused as a last guard.
 * Must be installed after the hook that loads the session.
 */
export function installAccessControl(app: FastifyInstance): RegisteredRoute[] {
  const table: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config as object), access: 'public' };
    const access = (route.config as { access?: Access } | undefined)?.access;
    for (const method of methods) table.push({ method, url: route.url, access });
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api')) return;
    const access = request.routeOptions.config.access;
    if (!access) {
      // Unknown routes reach the not-found handler, which has no config: let it answer 404.
      if (request.is404) return;
      throw forbidden();
    }
    assertAccess(request, access);
  });
  return table;
}
