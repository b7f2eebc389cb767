import { auditContext } from '../audit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchemaRegistry } from '../../../schemas/index';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { permissionFor } from '../../common/permissions';
import { listPermissions } from '../../common/permission-catalog';
import { PLATFORM_RULES, SCALE_RULES } from '../../common/reports/index';
import { LTI_PLATFORM_RULES } from '../../common/lti/platform-rules';
import { recordValidator } from '../../common/resource-validation';
import { ALL_SCHOOLS, schoolScopeOf } from '../auth';
import { requirePermission } from '../http/route-access';
import { listQueryValidator, type ListQuery } from './list-query';
import { ResourceStore } from './resource-store';
import { idParam } from '../../common/ids';
import { recordContract } from '../../common/declarations';
import { listOf } from '../../common/contracts/index';
import { installCompiledSerializer } from '../http/response-serializer';

const idParams = z.object({ id: idParam() });
/** The cross-field rules that generic resources name in their schemas. */
const RESOURCE_RULES = { ...PLATFORM_RULES, ...SCALE_RULES, ...LTI_PLATFORM_RULES };
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
  // What the presenter sends of a record: the declaration's contract, strict.
  const record = recordContract(definition);
  const aRecord = z.strictObject({ data: record });
  const base = `/${definition.name}`;
  // Records that belong to a school are read within the caller's schools (school staff see theirs).
  const scopeOf = (request: FastifyRequest) =>
    definition.schoolScope ? schoolScopeOf(app.db, request.auth!) : Promise.resolve(ALL_SCHOOLS);

  app.get(
    base,
    {
      config: { access: requirePermission(...listPermissions(area)) },
      schema: {
        tags,
        summary: `List ${area}`,
        querystring: listQueryValidator(definition),
        response: { 200: listOf(record) },
      },
    },
    async (request) => store.list(definition, request.query as ListQuery, await scopeOf(request)),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: requirePermission(...listPermissions(area)) },
      schema: {
        tags,
        summary: `Read one of ${area}`,
        params: idParams,
        querystring: selectionQuery,
        response: { 200: aRecord },
      },
    },
    async (request) => ({
      data: await store.get(definition, request.params.id, request.query.platform_id, await scopeOf(request)),
    }),
  );

  app.post(
    base,
    {
      config: { access: requirePermission(permissionFor(area, 'create')) },
      schema: { tags, summary: `Create one of ${area}`, body, response: { 201: aRecord } },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await store.create(definition, request.body, {}, await scopeOf(request), auditContext(request)),
      }),
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: requirePermission(permissionFor(area, 'edit')) },
      schema: {
        tags,
        summary: `Update one of ${area}`,
        params: idParams,
        querystring: selectionQuery,
        body,
        response: { 200: aRecord },
      },
    },
    async (request) => ({
      data: await store.update(
        definition,
        request.params.id,
        request.body,
        request.query.platform_id,
        await scopeOf(request),
        auditContext(request),
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
        response: { 200: aRecord },
      },
    },
    async (request) => ({
      data: await store.delete(
        definition,
        request.params.id,
        request.query.platform_id,
        await scopeOf(request),
        auditContext(request),
      ),
    }),
  );
}

/** Every resource of the registry gets its routes, except those served by their own module. */
export const resourceRoutes: FastifyPluginAsyncZod<{ registry: SchemaRegistry }> = async (app, options) => {
  installCompiledSerializer(app);
  const store = new ResourceStore(app.db, options.registry, app.config.timeZone);
  for (const definition of options.registry.all()) {
    if (!definition.customRoutes) registerResource(app, store, definition);
  }
};
