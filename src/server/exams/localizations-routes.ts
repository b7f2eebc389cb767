import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionFor } from '../../common/permissions';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { auditContext } from '../audit';
import { requirePermission } from '../http/route-access';
import { presentBulk } from '../http/bulk';
import { translate } from '../http/i18n';
import { invalid } from '../http/app-error';
import { editRestriction, loadExamState } from './exam-rules';
import { LocalizationsStore } from './localizations-store';
import { countriesBody, localizationBody } from './localization-body';
import { beforeBody } from '../http/route-body';
import { installCompiledSerializer } from '../http/response-serializer';
import { bulkOutcome, examLocalization, examRestriction } from '../../common/contracts/index';
import { idParam, idValue } from '../../common/ids';

const area = AREAS.examLocalizations;
const tags = ['localized exams'];
const params = z.object({ id: idParam() });
const aLocalization = z.strictObject({ data: examLocalization });
const bulk = { 200: bulkOutcome };
const ids = z.strictObject({
  exam_localization_ids: z
    .array(idValue(), { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(500),
});

/** Localized exams (SPEC section 7, Localization) and the edit-restriction check. */
export const localizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  installCompiledSerializer(app);
  const store = new LocalizationsStore(app.db);
  const canView = requirePermission(...listPermissions(area));
  const canEdit = requirePermission(permissionFor(area, 'edit'), permissionFor(area, 'create'));

  app.get(
    '/exams/:id/localizations',
    {
      config: { access: canView },
      schema: {
        tags,
        summary: 'Localized exams of an exam',
        params,
        response: { 200: z.strictObject({ data: z.array(examLocalization) }) },
      },
    },
    async (request) => ({
      data: await store.list(request.params.id),
    }),
  );

  app.post(
    '/exams/:id/localizations',
    {
      config: { access: requirePermission(permissionFor(area, 'create')) },
      schema: {
        tags,
        summary:
          'Localize a published exam (418 otherwise): name, countries (ISO 3166 alpha-2), translations.questions[examQuestionId] = {text, answer_key texts}',
        params,
        body: localizationBody,
        response: { 201: aLocalization },
      },
      preValidation: beforeBody({ params }, ({ id }) => store.assertLocalizable(id)),
    },
    async (request, reply) => reply.status(201).send({ data: await store.create(request.params.id, request.body) }),
  );

  app.get(
    '/exam-localizations/:id',
    {
      config: { access: canView },
      schema: { tags, summary: 'Read a localized exam', params, response: { 200: aLocalization } },
    },
    async (request) => ({ data: await store.get(request.params.id) }),
  );

  app.put(
    '/exam-localizations/:id',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: 'Update a localized exam (418 when published)',
        params,
        body: localizationBody,
        response: { 200: aLocalization },
      },
      preValidation: beforeBody({ params }, ({ id }) => store.assertEditable(id)),
    },
    async (request) => ({
      data: await store.update(request.params.id, request.body),
    }),
  );

  app.post(
    '/exam-localizations/publish',
    {
      config: { access: canEdit },
      schema: { tags, summary: 'Publish localized exams; partial, one outcome each', body: ids, response: bulk },
    },
    async (request) =>
      presentBulk(request.lang, await store.bulk('publish', request.body.exam_localization_ids, auditContext(request))),
  );

  app.post(
    '/exam-localizations/unpublish',
    {
      config: { access: canEdit },
      schema: { tags, summary: 'Unpublish localized exams; partial, one outcome each', body: ids, response: bulk },
    },
    async (request) =>
      presentBulk(
        request.lang,
        await store.bulk('unpublish', request.body.exam_localization_ids, auditContext(request)),
      ),
  );

  app.delete(
    '/exam-localizations',
    {
      config: { access: requirePermission(permissionFor(area, 'delete')) },
      schema: { tags, summary: 'Delete localized exams; partial, one outcome each', body: ids, response: bulk },
    },
    async (request) =>
      presentBulk(request.lang, await store.bulk('delete', request.body.exam_localization_ids, auditContext(request))),
  );

  app.post(
    '/exam-localization/:id/countries',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: 'Set the countries of a localized exam',
        params,
        body: countriesBody,
        response: { 200: aLocalization },
      },
      preValidation: beforeBody({ params }, ({ id }) => store.get(id)),
    },
    async (request) => ({
      data: await store.setCountries(request.params.id, request.body.countries),
    }),
  );

  app.get(
    '/exam-restriction/check',
    {
      config: { access: requirePermission(...listPermissions(AREAS.exams), ...listPermissions(area)) },
      schema: {
        tags,
        summary: 'Whether an exam or localized exam may be edited, and if not, why',
        querystring: z.strictObject({ exam_id: idParam().optional(), exam_localization_id: idParam().optional() }),
        response: { 200: z.strictObject({ data: examRestriction }) },
      },
    },
    async (request) => {
      const { exam_id, exam_localization_id } = request.query;
      let refusal: string | null = null;
      if (exam_localization_id !== undefined) {
        refusal = (await store.get(exam_localization_id)).is_published ? 'exams.errors.localization_published' : null;
      } else if (exam_id !== undefined) {
        refusal = editRestriction(await loadExamState(app.db, exam_id))?.messageKey ?? null;
      } else {
        throw invalid({
          exam_id: ['exams.errors.restriction_target_required'],
          exam_localization_id: ['exams.errors.restriction_target_required'],
        });
      }
      return { data: { editable: refusal === null, message: refusal ? translate(request.lang, refusal) : null } };
    },
  );
};
