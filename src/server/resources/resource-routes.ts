import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchemaRegistry } from '../../../schemas/index';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { permissionFor } from '../../common/permissions';
import { listPermissions } from '../../common/permission-catalog';
import { PLATFORM_RULES } from '../../common/reports/index';
import { recordValidator } from '../../common/resource-validation';
import { ALL_SCHOOLS, schoolScopeOf } from '../auth';
import { requirePermission } from '../http/route-access';
import { listQueryValidator, type ListQuery } from './list-query';
import { ResourceStore } from './resource-store';
import { idParam } from '../../common/ids';

const idParams = z.object({ id: idParam() });
/** The cross-field rules that generic resources name in their schemas. */
const RESOURCE_RULES = { ...PLATFORM_RULES };
const selectionQuery = z.strictObject({ platform_id: idParam().optional() });

/** The five REST routes of one schema-declared resource (SPEC section 7, generic resource). */
function registerResource(
  app: Parameters<FastifyPluginAsyncZod>[0],
  store: ResourceStore,
  definition: ResourceDefinition,
) {
  const area = definition.name;
  const tags = [area];
  const body = recordValidator(definition, RESOURCE_RULES);
  const base = `/${definition.name}`;
  // Records that belong to a school are read within the caller's schools (school staff see theirs).
  const scopeOf = (request: FastifyRequest) =>
    definition.schoolScope ? schoolScopeOf(app.db, request.auth!) : Promise.resolve(ALL_SCHOOLS);

  app.get(
    base,
    {
      config: { access: requirePermission(...listPermissions(area)) },
      schema: { tags, summary: `List ${area}`, querystring: listQueryValidator(definition) },
    },
    async (request) => store.list(definition, request.query as ListQuery, await scopeOf(request)),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: requirePermission(...listPermissions(area)) },
      schema: { tags, summary: `Read one of ${area}`, params: idParams, querystring: selectionQuery },
    },
    async (request) => ({
      data: await store.get(definition, request.params.id, request.query.platform_id, await scopeOf(request)),
    }),
  );

  app.post(
    base,
    {
      config: { access: requirePermission(permissionFor(area, 'create')) },
      schema: { tags, summary: `Create one of ${area}`, body },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await store.create(definition, request.body as Record<string, unknown>, {}, await scopeOf(request)),
      }),
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: requirePermission(permissionFor(area, 'edit')) },
      schema: { tags, summary: `Update one of ${area}`, params: idParams, querystring: selectionQuery, body },
    },
    async (request) => ({
      data: await store.update(
        definition,
        request.params.id,
        request.body as Record<string, unknown>,
        request.query.platform_id,
        await scopeOf(request),
      ),
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: requirePermission(permissionFor(area, 'delete')) },
      schema: {
        tags,
        summary: `Delete one of ${area}; 409 while other records refer to it`,
        params: idParams,
        querystring: selectionQuery,
      },
    },
    async (request) => ({
      data: await store.delete(definition, request.params.id, request.query.platform_id, await scopeOf(request)),
    }),
  );
}

/** Every resource of the registry gets its routes, except those served by their own module. */
export const resourceRoutes: FastifyPluginAsyncZod<{ registry: SchemaRegistry }> = async (app, options) => {
  const store = new ResourceStore(app.db, options.registry, app.config.timeZone);
  for (const definition of options.registry.all()) {
    if (!definition.customRoutes) registerResource(app, store, definition);
  }
};
