import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchemaRegistry } from '../../../schemas/index';
import { permissionFor } from '../../common/permissions';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { auditContext } from '../audit';
import { requirePermission } from '../http/route-access';
import { presentBulk } from '../http/bulk';
import { translate } from '../http/i18n';
import type { Db } from '../db/database';
import type { Language } from '../../../locales/index';
import type { AuditContext } from '../audit';
import { listQueryValidator, type ListQuery } from '../resources';
import {
  bulkExamAction,
  deleteExam,
  duplicateExam,
  publishExam,
  unpublishExam,
  type BulkAction,
} from './exam-lifecycle';
import { previewExam } from './exam-preview';
import { QuestionsStore } from '../questions';
import { ExamsStore } from './exams-store';
import { describeBody, describeFilters } from '../../common/declarations';
import { idParam, idValue } from '../../common/ids';
import { examFormSchema } from '../../common/exams/exam-form';
import { beforeBody } from '../http/route-body';
import { installCompiledSerializer } from '../http/response-serializer';
import { bulkOutcome, examFormLookups, examPreview, examRecord, listOf } from '../../common/contracts/index';

const area = AREAS.exams;

/** A bulk outcome's status for an exam left as it was, already in the asked state: counted neither way. */
export const BULK_SKIPPED = 409;

/**
 * Bulk unpublish counts only the exams it unpublished: a draft among the selection is reported as
 * skipped ("Already draft", status 409) and is neither a success nor a failure in `meta`.
 */
async function bulkUnpublish(db: Db, examIds: number[], audit: AuditContext, lang: Language) {
  const ids = [...new Set(examIds)];
  const drafts = new Set(
    ids.length === 0
      ? []
      : (
          await db.selectFrom('exams').select('id').where('id', 'in', ids).where('is_published', '=', false).execute()
        ).map((row) => row.id),
  );
  const outcome = presentBulk(
    lang,
    await bulkExamAction(
      db,
      'unpublish',
      ids.filter((id) => !drafts.has(id)),
      audit,
    ),
  );
  const byId = new Map(outcome.data.map((result) => [result.id, result]));
  const skipped = (id: number) => ({
    id,
    success: false,
    status: BULK_SKIPPED,
    message: translate(lang, 'exams.notifications.already_draft'),
  });
  return { data: ids.map((id) => byId.get(id) ?? skipped(id)), meta: outcome.meta };
}
const tags = ['exams'];
const idParams = z.object({ id: idParam() });
const selection = z.strictObject({ platform_id: idParam().optional() });
const dataOf = <T extends z.ZodType>(data: T) => z.strictObject({ data });
const anExam = { 200: dataOf(examRecord) };
const examIds = z.strictObject({
  exam_ids: z.array(idValue(), { error: 'validation.required' }).min(1, { error: 'validation.required' }).max(500),
});

/** Exams (SPEC section 7, Exams): list, form data, create, update, publish lifecycle, bulk actions, duplicate, delete, preview. */
export const examsRoutes: FastifyPluginAsyncZod<{ registry: SchemaRegistry }> = async (app, { registry }) => {
  installCompiledSerializer(app);
  const store = new ExamsStore(app.db, registry, app.config.timeZone);
  const bank = new QuestionsStore(app.db, registry, app.config.timeZone);
  const canView = requirePermission(...listPermissions(area));
  const canEdit = requirePermission(permissionFor(area, 'edit'));
  const canDelete = requirePermission(permissionFor(area, 'delete'));
  const exams = registry.get('exams')!;
  // The exam form (SPEC section 3), described from its declaration.
  const examForm = examFormSchema.describe(describeBody(exams, '418 when the exam is published.'));
  app.get(
    '/exams',
    {
      config: { access: canView },
      schema: {
        tags,
        summary: `List exams; ${describeFilters(exams)}`,
        querystring: listQueryValidator(exams),
        response: { 200: listOf(examRecord) },
      },
    },
    async (request) => store.list(request.query as ListQuery),
  );

  app.get(
    '/exams/:id',
    {
      config: { access: canView },
      schema: {
        tags,
        summary: 'Read an exam with its relations and totals',
        params: idParams,
        querystring: selection,
        response: anExam,
      },
    },
    async (request) => ({
      data: await store.get(request.params.id, request.query.platform_id),
    }),
  );

  app.post(
    '/exams/form',
    {
      config: { access: requirePermission(permissionFor(area, 'create'), permissionFor(area, 'edit')) },
      schema: {
        tags,
        summary: 'Lookup data of the exam form for a platform',
        body: z.strictObject({ platform_id: idValue() }),
        response: { 200: dataOf(examFormLookups) },
      },
    },
    async (request) => ({ data: await store.formLookups(request.body.platform_id) }),
  );

  app.post(
    '/exams',
    {
      config: { access: requirePermission(permissionFor(area, 'create')) },
      schema: { tags, summary: 'Create an exam', body: examForm, response: { 201: dataOf(examRecord) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await store.create(request.body, request.auth!.user.id, auditContext(request)) }),
  );

  app.put(
    '/exams/:id',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: 'Update an exam (418 when published)',
        params: idParams,
        querystring: selection,
        body: examForm,
        response: anExam,
      },
      // A published exam is frozen (418) before its form is even read.
      preValidation: beforeBody({ params: idParams, querystring: selection }, (params, query) =>
        store.assertEditable(params.id, query?.platform_id),
      ),
    },
    async (request) => ({
      data: await store.update(request.params.id, request.body, request.query.platform_id, auditContext(request)),
    }),
  );

  app.put(
    '/exams/:id/publish',
    {
      config: { access: canEdit },
      schema: { tags, summary: 'Publish (418 without questions)', params: idParams, response: anExam },
    },
    async (request) => {
      await publishExam(app.db, request.params.id, auditContext(request));
      return { data: await store.get(request.params.id) };
    },
  );

  app.put(
    '/exams/:id/unpublish',
    { config: { access: canEdit }, schema: { tags, summary: 'Unpublish', params: idParams, response: anExam } },
    async (request) => {
      await unpublishExam(app.db, request.params.id, auditContext(request));
      return { data: await store.get(request.params.id) };
    },
  );

  app.delete(
    '/exams/:id',
    {
      config: { access: canDelete },
      schema: {
        tags,
        summary: 'Delete an exam with its questions and localizations; 418 once a student has started it',
        params: idParams,
        response: anExam,
      },
    },
    async (request) => {
      const exam = await store.get(request.params.id);
      await deleteExam(app.db, request.params.id, auditContext(request));
      return { data: exam };
    },
  );

  for (const action of ['publish', 'unpublish', 'delete'] as BulkAction[]) {
    app.post(
      `/exams/bulk/${action}`,
      {
        config: { access: action === 'delete' ? canDelete : canEdit },
        schema: {
          tags,
          summary: `Bulk ${action}: partial, each exam handled on its own; data lists the outcome of each (success, status, message)`,
          body: examIds,
          response: { 200: bulkOutcome },
        },
      },
      async (request) =>
        action === 'unpublish'
          ? bulkUnpublish(app.db, request.body.exam_ids, auditContext(request), request.lang)
          : presentBulk(
              request.lang,
              await bulkExamAction(app.db, action, request.body.exam_ids, auditContext(request)),
            ),
    );
  }

  app.get(
    '/exams/:id/duplicate',
    {
      config: { access: requirePermission(permissionFor(area, 'create')), changesState: true },
      schema: {
        tags,
        summary: 'Duplicate: an unpublished copy with copied questions, no localizations, no assignments',
        params: idParams,
        response: anExam,
      },
    },
    async (request) => ({
      data: await store.get(
        await duplicateExam(app.db, request.params.id, request.auth!.user.id, auditContext(request)),
      ),
    }),
  );

  app.get(
    '/exams/:id/preview',
    {
      config: { access: requirePermission(permissionFor(area, 'view'), permissionFor(AREAS.mockExams, 'view')) },
      schema: {
        tags,
        summary: 'The exam as a student sees it, in pages; exam_localization_id gives a localized preview',
        params: idParams,
        querystring: z.strictObject({ exam_localization_id: idParam().optional() }),
        response: { 200: dataOf(examPreview) },
      },
    },
    async (request) => ({
      data: await previewExam(app.db, bank, request.params.id, request.query.exam_localization_id),
    }),
  );
};
