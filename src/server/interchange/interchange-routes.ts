import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchemaRegistry } from '../../../schemas/index';
import { LANGUAGES } from '../../../locales/index';
import { idParam } from '../../common/ids';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { permissionFor } from '../../common/permissions';
import { auditContext, recordAudit } from '../audit';
import { invalid, notFound } from '../http/app-error';
import { takeUpload } from '../http/file-upload';
import { translate } from '../http/i18n';
import { sendFile } from '../http/sheet-file';
import { requirePermission } from '../http/route-access';
import type { MediaStorage } from '../media/index';
import { QuestionsStore } from '../questions/index';
import { listQueryValidator, type ListQuery } from '../resources';
import { LOOKUP_FIELDS, type LookupField } from './interchange-item';
import { lookupTables } from './question-fields';
import {
  findQuestionImport,
  presentQuestionImport,
  QUESTION_IMPORT_QUEUE,
  receiveQuestions,
  runQuestionImport,
} from './interchange-imports';
import { MAX_QUESTION_FILE_BYTES } from './interchange-read';
import { bankRows, examExport, lookupsFor, packageQuestions } from './interchange-sources';
import { exportPackage, packageMedia } from './qti-export';
import { workbookZip } from './xlsx-media';
import { bankWorkbook, questionTemplate } from './xlsx-writer';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZIP = 'application/zip';
const tags = ['questions bank'];

const stamp = () => new Date().toISOString().slice(0, 10);
const idParams = z.object({ id: idParam() });

/** `default_<lookup>_id` fields, `create_lookups` and `skip_errors` of an import request. */
function importOptions(fields: Record<string, string>) {
  const defaults: Partial<Record<LookupField, number>> = {};
  for (const field of LOOKUP_FIELDS) {
    const raw = fields[`default_${field}_id`];
    if (raw === undefined || raw === '') continue;
    const id = Number(raw);
    if (!Number.isInteger(id) || id < 1) throw invalid({ [`default_${field}_id`]: ['validation.invalid'] });
    defaults[field] = id;
  }
  const yes = (value: string | undefined) => value === 'true' || value === '1';
  return { defaults, createLookups: yes(fields.create_lookups), skipErrors: yes(fields.skip_errors) };
}

/**
 * Questions in and out (issue 27): the bank or an exam as a QTI 3.0 package, the bank as the XLSX
 * template, the template itself, and imports (QTI 3.0 and 2.x, Moodle XML, GIFT, XLSX) as a dry
 * run then a job, all or nothing. Reading the bank is what exporting it needs; importing is creating.
 */
export const interchangeRoutes: FastifyPluginAsyncZod<{ registry: SchemaRegistry; storage: MediaStorage }> = async (
  app,
  { registry, storage },
) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_QUESTION_FILE_BYTES, files: 1, fields: 10, fieldSize: 200 },
  });
  const store = new QuestionsStore(app.db, registry, app.config.timeZone);
  const tables = lookupTables(registry);
  app.jobs.define<{ id: number }>(QUESTION_IMPORT_QUEUE, ({ id }) =>
    runQuestionImport(
      { db: app.db, storage, storeFor: (db) => new QuestionsStore(db, registry, app.config.timeZone), log: app.log },
      id,
    ),
  );
  const exportQuery = listQueryValidator(store.definition)
    .omit({ page: true, per_page: true })
    .extend({ format: z.enum(['qti3', 'xlsx', 'xlsx_media']).default('qti3'), lang: z.enum(LANGUAGES).optional() });

  app.get(
    '/questions-bank/export',
    {
      config: { access: requirePermission(...listPermissions(AREAS.questionsBank)) },
      schema: {
        tags,
        summary:
          'The bank (with the list filters, or filter[id]=1,2,3) as a QTI 3.0 package (zip), the XLSX template, or the XLSX template with its media (xlsx_media: a zip that imports back as one); at most 5,000 questions',
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const {
        format,
        lang = request.lang,
        ...query
      } = request.query as Record<string, unknown> & {
        format: 'qti3' | 'xlsx' | 'xlsx_media';
        lang?: 'en' | 'ar';
      };
      const rows = await bankRows(app.db, store, query as unknown as ListQuery);
      // The keys leave the platform: who took which, audited.
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'questions.export',
        target: 'questions-bank/all',
        summary: { format, questions: rows.length, ids: rows.slice(0, 50).map((r) => r.id) },
      });
      const questions = await packageQuestions(app.db, tables, rows, 'Q');
      if (format === 'xlsx')
        return sendFile(reply, await bankWorkbook(questions, lang), XLSX, `questions-bank-${stamp()}.xlsx`);
      if (format === 'xlsx_media') {
        const bytes = workbookZip(await bankWorkbook(questions, lang), await packageMedia(storage, questions));
        return sendFile(reply, bytes, ZIP, `questions-bank-${stamp()}-xlsx.zip`);
      }
      const bytes = await exportPackage(storage, questions, { identifier: `bank-${stamp()}` });
      return sendFile(reply, bytes, ZIP, `questions-bank-${stamp()}-qti3.zip`);
    },
  );

  app.get(
    '/exams/:id/export',
    {
      // The exam's keys leave with it: those who read the bank's keys, not every reader of exams.
      config: { access: requirePermission(...listPermissions(AREAS.questionsBank)) },
      schema: {
        tags: ['exams'],
        summary: "An exam as a QTI 3.0 package: its questions' items and an assessment test in the exam's order",
        params: idParams,
        querystring: z.strictObject({ format: z.enum(['qti3']).default('qti3') }),
      },
    },
    async (request, reply) => {
      const exam = await examExport(app.db, request.params.id);
      if (!exam) throw notFound();
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'questions.export',
        target: `exams/${exam.id}`,
        summary: { format: 'qti3', questions: exam.rows.length },
      });
      const bytes = await exportPackage(storage, await packageQuestions(app.db, tables, exam.rows, 'E'), {
        identifier: `exam-${exam.id}`,
        test: {
          identifier: `T${exam.id}`,
          title: request.lang === 'ar' ? exam.name_ar : exam.name_en,
        },
      });
      return sendFile(reply, bytes, ZIP, `exam-${exam.id}-qti3.zip`);
    },
  );

  app.get(
    '/questions-bank/template',
    {
      config: { access: requirePermission(...listPermissions(AREAS.questionsBank)) },
      schema: {
        tags,
        summary: "The XLSX template: one example of each answer type and a reference sheet of the platform's lookups",
        querystring: z.strictObject({
          format: z.enum(['xlsx']).default('xlsx'),
          lang: z.enum(LANGUAGES).optional(),
          platform_id: idParam().optional(),
        }),
      },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? request.lang;
      const bytes = await questionTemplate(lang, await lookupsFor(app.db, tables, request.query.platform_id));
      return sendFile(reply, bytes, XLSX, `questions-template-${lang}.xlsx`);
    },
  );

  app.post(
    '/questions-bank/imports',
    {
      config: { access: requirePermission(permissionFor(AREAS.questionsBank, 'create')) },
      schema: {
        tags,
        summary:
          'Upload questions (multipart: file, mode=dry_run|import, platform_id, default_<lookup>_id, create_lookups, skip_errors): a QTI 3.0 or 2.x package or item, Moodle XML, GIFT or the XLSX template, up to 100 MB. ' +
          'A dry run changes nothing and lists every item with what it becomes and every problem; an import with no item in error is queued as a job (202), one with any is refused whole (422) unless skip_errors asks to import the rest',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const upload = await takeUpload(request, {
        tooLarge: 'interchange.errors.file_too_large',
        empty: 'interchange.errors.empty_file',
      });
      const mode = upload.fields.mode ?? 'dry_run';
      if (mode !== 'dry_run' && mode !== 'import') throw invalid({ mode: ['interchange.errors.invalid_mode'] });
      const platformId = Number(upload.fields.platform_id);
      if (!Number.isInteger(platformId) || platformId < 1)
        throw invalid({ platform_id: ['questions.platform_required'] });
      const platform = await app.db
        .selectFrom('platforms')
        .select('id')
        .where('id', '=', platformId)
        .executeTakeFirst();
      if (!platform) throw invalid({ platform_id: ['validation.platform_not_found'] });
      const received = await receiveQuestions(app.db, app.jobs, tables, {
        bytes: upload.bytes,
        fileName: upload.fileName,
        mode,
        platformId,
        options: importOptions(upload.fields),
        language: request.lang,
        userId: request.auth!.user.id,
      });
      const data = presentQuestionImport((await findQuestionImport(app.db, received.id))!, request.lang);
      if (received.status === 'refused') {
        // Refused: items in error, or nothing in the file this platform can take (every item unsupported).
        const { errors } = received.plan.summary;
        const message = errors
          ? translate(request.lang, 'interchange.errors.items_in_error', { smart_count: errors })
          : translate(request.lang, 'interchange.errors.nothing_to_import');
        return reply.status(422).send({ message, errors: { file: [message] }, data });
      }
      if (received.status === 'queued')
        await recordAudit(app.db, {
          ...auditContext(request),
          action: 'questions.import',
          target: `question_imports/${received.id}`,
          summary: { file: upload.fileName, ...received.plan.summary },
        });
      return reply.status(received.status === 'queued' ? 202 : 200).send({ data });
    },
  );

  app.get(
    '/questions-bank/imports/:id',
    {
      config: { access: requirePermission(permissionFor(AREAS.questionsBank, 'create')) },
      schema: {
        tags,
        summary: "An import of one's own: status, summary and every item with its problems",
        params: idParams,
      },
    },
    async (request: FastifyRequest<{ Params: { id: number } }>) => {
      const job = await findQuestionImport(app.db, request.params.id);
      if (!job || job.user_id !== request.auth!.user.id) throw notFound();
      return { data: presentQuestionImport(job, request.lang) };
    },
  );
};
