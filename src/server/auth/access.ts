import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { hasAnyPermission, PLATFORMS_VIEW } from '../../common/permissions';
import { AppError, forbidden, unauthenticated } from '../http/app-error';
import type { Access } from '../http/route-access';
import { mfaEnrolmentDue } from '../http/auth-context';

export type { Access };

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
}

/** Throws 401/403 unless the request passes the rule. */
export function assertAccess(request: FastifyRequest, access: Access): void {
  if (access === 'public') return;
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  if (!auth.permissions.has(PLATFORMS_VIEW)) throw new AppError(403, 'errors.app_denied');
  if (access !== 'authenticated' && !hasAnyPermission(auth.permissions, access.anyOf)) throw forbidden();
  // A role that requires a second factor, signed in before one was set up: enrolment first (issue 46).
  if (mfaEnrolmentDue(auth) && !request.routeOptions.config.mfaEnrolment)
    throw new AppError(403, 'mfa.errors.enrolment_required');
}

/** The rule of the route a request matched; undefined for the not-found handler. */
export const routeAccess = (request: FastifyRequest): Access | undefined => request.routeOptions.config.access;

export class MissingAccessRule extends Error {
  constructor(method: string, url: string) {
    super(`${method} ${url} declares no config.access: every route must say who may call it`);
  }
}

/**
 * Records every route (the permission matrix test reads the table) and refuses to start when a
 * route has no rule. At request time the matched route's own rule decides, never the URL text:
 * the rule is checked before the body is read. Must be installed after the session loader.
 */
export function installAccessControl(app: FastifyInstance): RegisteredRoute[] {
  const table: RegisteredRoute[] = [];
  const routes: RouteOptions[] = [];
  // Scopes may still give a route its rule in their own onRoute hooks, which run after this one:
  // the check waits until every route is registered.
  app.addHook('onRoute', (route: RouteOptions) => void routes.push(route));
  app.addHook('onReady', async () => {
    for (const route of routes) {
      const access = (route.config as { access?: Access } | undefined)?.access;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!access) throw new MissingAccessRule(methods.join(','), route.url);
      for (const method of methods) table.push({ method, url: route.url, access });
    }
  });
  app.addHook('onRequest', (request, _reply, next) => {
    if (request.is404) return next();
    const access = routeAccess(request);
    // Unreachable once start-up has refused rule-less routes; kept as the last line of default deny.
    if (!access) throw forbidden();
    assertAccess(request, access);
    next();
  });
  return table;
}
