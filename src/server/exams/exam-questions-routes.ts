import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchemaRegistry } from '../../../schemas/index';
import { permissionFor } from '../../common/permissions';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { requirePermission } from '../http/route-access';
import { ExamQuestionsStore } from './exam-questions-store';
import { idParam, idValue } from '../../common/ids';

const tags = ['exam questions'];
const params = z.object({ id: idParam() });
const questionParams = z.object({ id: idParam(), questionId: idParam() });
const idList = z.array(idValue(), { error: 'validation.required' }).min(1, { error: 'validation.required' }).max(500);

/** The questions inside an exam: copies from the bank, questions written in place, removal and order. 418 once published. */
export const examQuestionsRoutes: FastifyPluginAsyncZod<{ registry: SchemaRegistry }> = async (app, { registry }) => {
  const store = new ExamQuestionsStore(app.db, registry, app.config.timeZone);
  const canEdit = requirePermission(permissionFor(AREAS.exams, 'edit'), permissionFor(AREAS.exams, 'create'));

  app.get(
    '/exams/:id/questions',
    {
      config: { access: requirePermission(...listPermissions(AREAS.exams)) },
      schema: { tags, summary: "The exam's questions in order, with answer keys", params },
    },
    async (request) => ({
      data: await store.list(request.params.id),
    }),
  );

  app.post(
    '/exams/:id/questions/assign',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: "Questions bank assign: copy bank questions (same platform, one of the exam's skills) into the exam",
        params,
        body: z.strictObject({ question_ids: idList }),
      },
    },
    async (request) => ({
      data: await store.assignFromBank(request.params.id, request.body.question_ids, request.auth!.user.id),
    }),
  );

  app.post(
    '/exams/:id/questions',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: 'Write a question inside the exam (same body as the questions bank)',
        params,
        body: z.unknown(),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await store.create(request.params.id, request.body, request.auth!.user.id) }),
  );

  app.put(
    '/exams/:id/questions/reorder',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: 'Reorder: question_ids names every question of the exam once, in the new order',
        params,
        body: z.strictObject({ question_ids: idList }),
      },
    },
    async (request) => ({
      data: await store.reorder(request.params.id, request.body.question_ids),
    }),
  );

  app.put(
    '/exams/:id/questions/:questionId',
    {
      config: { access: canEdit },
      schema: { tags, summary: 'Edit a question of the exam', params: questionParams, body: z.unknown() },
    },
    async (request) => ({
      data: await store.update(request.params.id, request.params.questionId, request.body),
    }),
  );

  app.delete(
    '/exams/:id/questions/:questionId',
    {
      config: { access: canEdit },
      schema: { tags, summary: 'Remove a question from the exam', params: questionParams },
    },
    async (request) => ({
      data: await store.remove(request.params.id, request.params.questionId),
    }),
  );
};
