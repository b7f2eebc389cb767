import { auditContext } from '../audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchemaRegistry } from '../../../schemas/index';
import { permissionFor } from '../../common/permissions';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { requirePermission } from '../http/route-access';
import { beforeBody } from '../http/route-body';
import { describeFilters } from '../../common/declarations';
import { listQueryValidator, type ListQuery } from '../resources';
import { questionBody } from './question-body';
import { QuestionsStore } from './questions-store';
import { idParam } from '../../common/ids';

const area = AREAS.questionsBank;
const tags = ['questions bank'];
const idParams = z.object({ id: idParam() });
const selection = z.strictObject({ platform_id: idParam().optional() });

/** The questions bank (designed in the style of SPEC section 7; documented at /api/docs). */
export const questionsRoutes: FastifyPluginAsyncZod<{ registry: SchemaRegistry }> = async (app, { registry }) => {
  const store = new QuestionsStore(app.db, registry, app.config.timeZone);
  const canView = requirePermission(...listPermissions(area));

  app.get(
    '/questions-bank',
    {
      config: { access: canView },
      schema: {
        tags,
        summary: `List bank questions; ${describeFilters(store.definition)}`,
        querystring: listQueryValidator(store.definition),
      },
    },
    async (request) => store.list(request.query as ListQuery),
  );

  app.get(
    '/questions-bank/:id',
    {
      config: { access: canView },
      schema: { tags, summary: 'Read a bank question with its answer key', params: idParams, querystring: selection },
    },
    async (request) => ({
      data: await store.get(request.params.id, request.query.platform_id),
    }),
  );

  app.get(
    '/questions-bank/:id/preview',
    {
      config: { access: canView },
      schema: {
        tags,
        summary: 'The question exactly as a student receives it (no answer key)',
        params: idParams,
        querystring: selection,
      },
    },
    async (request) => ({ data: await store.preview(request.params.id, request.query.platform_id) }),
  );

  app.post(
    '/questions-bank',
    {
      config: { access: requirePermission(permissionFor(area, 'create')) },
      schema: { tags, summary: 'Create a bank question', body: questionBody },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await store.create(request.body, request.auth!.user.id, { audit: auditContext(request) }) }),
  );

  app.put(
    '/questions-bank/:id',
    {
      config: { access: requirePermission(permissionFor(area, 'edit')) },
      // A question that is not there (or not on the platform) is 404 before its body is read.
      preValidation: beforeBody({ params: idParams, querystring: selection }, (params, query) =>
        store.get(params.id, query?.platform_id),
      ),
      schema: {
        tags,
        summary: 'Update a bank question',
        params: idParams,
        querystring: selection,
        body: questionBody,
      },
    },
    async (request) => ({
      data: await store.update(request.params.id, request.body, request.query.platform_id, auditContext(request)),
    }),
  );

  app.delete(
    '/questions-bank/:id',
    {
      config: { access: requirePermission(permissionFor(area, 'delete')) },
      schema: { tags, summary: 'Delete a bank question', params: idParams, querystring: selection },
    },
    async (request) => ({
      data: await store.delete(request.params.id, request.query.platform_id, auditContext(request)),
    }),
  );
};
