import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import questionsBank from '../../../schemas/questions-bank';
import { describeBody } from '../../common/declarations';
import type { SchemaRegistry } from '../../../schemas/index';
import { permissionFor } from '../../common/permissions';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { requirePermission } from '../http/route-access';
import { listQueryValidator, type ListQuery } from '../resources';
import { QuestionsStore } from './questions-store';
import { idParam } from '../../common/ids';

const area = AREAS.questionsBank;
const tags = ['questions bank'];
const idParams = z.object({ id: idParam() });
const selection = z.strictObject({ platform_id: idParam().optional() });
const bodyDoc = {
  type: 'object',
  description: describeBody(
    questionsBank,
    'answer_key is validated by its answer_type (one of the ten kinds); rich text is sanitized before validation. ' +
      'An incomplete answer_key gives 422 "You need to add / complete question information before saving."',
  ),
};

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
        summary:
          'List bank questions; filter[answer_type|skill_id|question_type_id|difficulty_level_id|learning_outcome_id]',
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
      schema: { tags, summary: 'Create a bank question', body: z.unknown().describe(bodyDoc.description) },
    },
    async (request, reply) => reply.status(201).send({ data: await store.create(request.body, request.auth!.user.id) }),
  );

  app.put(
    '/questions-bank/:id',
    {
      config: { access: requirePermission(permissionFor(area, 'edit')) },
      schema: {
        tags,
        summary: 'Update a bank question',
        params: idParams,
        querystring: selection,
        body: z.unknown().describe(bodyDoc.description),
      },
    },
    async (request) => ({ data: await store.update(request.params.id, request.body, request.query.platform_id) }),
  );

  app.delete(
    '/questions-bank/:id',
    {
      config: { access: requirePermission(permissionFor(area, 'delete')) },
      schema: { tags, summary: 'Delete a bank question', params: idParams, querystring: selection },
    },
    async (request) => ({ data: await store.delete(request.params.id, request.query.platform_id) }),
  );
};
