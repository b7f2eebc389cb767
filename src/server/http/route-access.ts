import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Every route declares who may call it, in its own configuration:
 * - `'public'`: anyone, signed in or not;
 * - `'authenticated'`: any signed-in user who holds the platforms-view permission;
 * - `{ anyOf: [...] }`: a signed-in user with platforms-view and at least one of these permissions.
 * auth/access.ts enforces it.
 */
export type Access = 'public' | 'authenticated' | { anyOf: readonly string[] };

export const requirePermission = (...anyOf: string[]): Access => ({ anyOf });

/**
 * Gives every route in `scope` that declares none the rule `access` (the OpenAPI pages: signed-in
 * users only): routes that plugins register cannot carry our config, so their scope gives it to them.
 */
export function markScopeAccess(scope: FastifyInstance, access: Access): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    route.config = {
      ...(route.config as object),
      access: (route.config as { access?: Access } | undefined)?.access ?? access,
    };
  });
}

/** Makes every route in `scope` public (the built console's files). */
export const markScopePublic = (scope: FastifyInstance): void => markScopeAccess(scope, 'public');
