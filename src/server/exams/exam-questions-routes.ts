import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchemaRegistry } from '../../../schemas/index';
import { permissionFor } from '../../common/permissions';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { requirePermission } from '../http/route-access';
import { ExamQuestionsStore } from './exam-questions-store';
import { questionBody } from '../questions';
import { beforeBody } from '../http/route-body';
import { installCompiledSerializer } from '../http/response-serializer';
import { examQuestion } from '../../common/contracts/index';
import { idParam, idValue } from '../../common/ids';
import { auditContext } from '../audit';

const tags = ['exam questions'];
const params = z.object({ id: idParam() });
const questionParams = z.object({ id: idParam(), questionId: idParam() });
const aQuestion = z.strictObject({ data: examQuestion });
const theQuestions = { 200: z.strictObject({ data: z.array(examQuestion) }) };
/** The request's audit context, its actor known: these routes are for signed-in staff only. */
const signedIn = (request: FastifyRequest) => ({ ...auditContext(request), actorId: request.auth!.user.id });
const idList = z.array(idValue(), { error: 'validation.required' }).min(1, { error: 'validation.required' }).max(500);

/** The questions inside an exam: copies from the bank, questions written in place, removal and order. 418 once published. */
export const examQuestionsRoutes: FastifyPluginAsyncZod<{ registry: SchemaRegistry }> = async (app, { registry }) => {
  installCompiledSerializer(app);
  const store = new ExamQuestionsStore(app.db, registry, app.config.timeZone);
  const canEdit = requirePermission(permissionFor(AREAS.exams, 'edit'), permissionFor(AREAS.exams, 'create'));

  app.get(
    '/exams/:id/questions',
    {
      config: { access: requirePermission(...listPermissions(AREAS.exams)) },
      schema: { tags, summary: "The exam's questions in order, with answer keys", params, response: theQuestions },
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
        response: theQuestions,
      },
    },
    async (request) => ({
      data: await store.assignFromBank(request.params.id, request.body.question_ids, signedIn(request)),
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
        body: questionBody,
        response: { 201: aQuestion },
      },
      preValidation: beforeBody({ params }, ({ id }) => store.assertEditable(id)),
    },
    async (request, reply) =>
      reply.status(201).send({ data: await store.create(request.params.id, request.body, signedIn(request)) }),
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
        response: theQuestions,
      },
    },
    async (request) => ({
      data: await store.reorder(request.params.id, request.body.question_ids, auditContext(request)),
    }),
  );

  app.put(
    '/exams/:id/questions/:questionId',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: 'Edit a question of the exam',
        params: questionParams,
        body: questionBody,
        response: { 200: aQuestion },
      },
      preValidation: beforeBody({ params: questionParams }, ({ id, questionId }) =>
        store.assertQuestionEditable(id, questionId),
      ),
    },
    async (request) => ({
      data: await store.update(request.params.id, request.params.questionId, request.body, auditContext(request)),
    }),
  );

  app.delete(
    '/exams/:id/questions/:questionId',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: 'Remove a question from the exam',
        params: questionParams,
        response: { 200: aQuestion },
      },
    },
    async (request) => ({
      data: await store.remove(request.params.id, request.params.questionId, auditContext(request)),
    }),
  );
};
