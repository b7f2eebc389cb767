import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '../../../locales/index';
import { idParam, idValue } from '../../common/ids';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { areaPermission, permissionFor } from '../../common/permissions';
import { auditContext, recordAudit } from '../audit';
import { assertSchoolInScope, schoolScopeOf } from '../auth';
import { readByName } from '../correction/index';
import { AppError, invalid, notFound } from '../http/app-error';
import { translate } from '../http/i18n';
import { sendFile } from '../http/sheet-file';
import { dataOf } from '../http/data-response';
import { requirePermission } from '../http/route-access';
import { takeUpload } from '../http/file-upload';
import type { PdfPool } from '../pdf';
import { findImport, presentImport, receiveRoster, ROSTER_IMPORT_QUEUE, runRosterImport } from './roster-imports';
import { CONTENT_TYPES, rosterExport, rosterTemplate, type SheetFormat } from './roster-sheets';
import { issueLoginCards, loginCardsDocument, previewLoginCards } from './login-cards';
import { importResultFile } from './roster-result';
import { examResultsFile } from './results-export';
import { applyRollover, planRollover, refuseRecentRollover, summarizeRollover } from './rollover';
import { ACCOMMODATE } from './accommodations';
import { MAKE_CLASSES } from './roster-new-classes';

/** The largest roster file accepted (a 50 MB file is refused while it streams). */
export const MAX_ROSTER_BYTES = 20 * 1024 * 1024;

const formatQuery = z.strictObject({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  lang: z.enum(LANGUAGES).optional(),
  school_id: idParam().optional(),
});
const idParams = z.object({ id: idParam() });

/**
 * Bringing a roster in and out (issue 25): the template, imports (a dry run, then the import as a
 * job, then a result file), exports of the students, and a class's login cards. All within the
 * caller's schools; the `rosters` area's permissions decide who may.
 */
export const rosterRoutes: FastifyPluginAsyncZod<{ pdf: PdfPool }> = async (app, { pdf }) => {
  await app.register(multipart, { limits: { fileSize: MAX_ROSTER_BYTES, files: 1, fields: 4, fieldSize: 100 } });
  app.jobs.define<{ id: number }>(ROSTER_IMPORT_QUEUE, ({ id }) => runRosterImport(app.db, id, app.log));
  const tags = ['roster'];
  const scopeOf = (request: FastifyRequest) => schoolScopeOf(app.db, request.auth!);

  app.get(
    '/roster/template',
    {
      config: { access: requirePermission(...listPermissions(AREAS.rosters)) },
      schema: {
        tags,
        summary:
          'The roster template (CSV, or XLSX with a reference sheet and drop-downs) with headers in English or Arabic',
        querystring: formatQuery,
      },
    },
    async (request, reply) => {
      const { format, lang = request.lang } = request.query;
      const file = await rosterTemplate(app.db, await scopeOf(request), format, lang);
      return sendFile(reply, file, CONTENT_TYPES[format], `roster-template-${lang}.${format}`);
    },
  );

  app.post(
    '/roster/imports',
    {
      config: { access: requirePermission(permissionFor(AREAS.rosters, 'create')) },
      schema: {
        tags,
        summary:
          'Upload a roster (multipart: mode=dry_run|import, create_classes=true|false, then file): CSV (UTF-8, UTF-16 or Windows-1256), XLSX or a OneRoster 1.2 CSV zip, up to 20 MB and 50,000 rows. ' +
          'A dry run changes nothing and answers the summary and every row in error; an import with no row in error is queued as a job (202), one with any is refused whole (422)',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const { bytes, fileName, mode, createClasses } = await takeRosterUpload(request);
      // Making classes is the class form's right (school staff hold it for their own schools).
      if (createClasses && !request.auth!.permissions.has(MAKE_CLASSES))
        throw new AppError(403, 'roster.errors.classes_not_allowed');
      const received = await receiveRoster(app.db, app.jobs, {
        bytes,
        fileName,
        mode,
        language: request.lang,
        userId: request.auth!.user.id,
        scope: await scopeOf(request),
        mayAccommodate: request.auth!.permissions.has(ACCOMMODATE),
        createClasses,
      });
      const job = (await findImport(app.db, received.id))!;
      const data = presentImport(job, request.lang);
      if (received.status === 'refused')
        return reply.status(422).send({
          message: translate(request.lang, 'roster.errors.rows_in_error', {
            smart_count: received.plan.summary.errors,
          }),
          errors: {
            file: [
              translate(request.lang, 'roster.errors.rows_in_error', { smart_count: received.plan.summary.errors }),
            ],
          },
          data,
        });
      if (received.status === 'queued')
        await recordAudit(app.db, {
          ...auditContext(request),
          action: 'roster.import',
          target: `roster_imports/${received.id}`,
          summary: { file: fileName, ...received.plan.summary },
        });
      return reply.status(received.status === 'queued' ? 202 : 200).send({ data });
    },
  );

  const ownImport = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const job = await findImport(app.db, request.params.id);
    // Another user's import is not there for them (it names their schools' students).
    if (!job || job.user_id !== request.auth!.user.id) throw notFound();
    return job;
  };

  app.get(
    '/roster/imports/:id',
    {
      config: { access: requirePermission(...listPermissions(AREAS.rosters)) },
      schema: {
        tags,
        summary: "An import of one's own: status, progress, summary, rows in error and the result file's address",
        params: idParams,
      },
    },
    async (request) => ({ data: presentImport(await ownImport(request), request.lang) }),
  );

  app.get(
    '/roster/imports/:id/result',
    {
      config: { access: requirePermission(...listPermissions(AREAS.rosters)) },
      schema: {
        tags,
        summary:
          "The result file of an import: its rows in the template's columns, with a status and a message column (CSV or XLSX)",
        params: idParams,
        querystring: formatQuery.pick({ format: true }),
      },
    },
    async (request, reply) => {
      const job = await ownImport(request);
      const format = request.query.format as SheetFormat;
      const bytes = await importResultFile(job, format, request.lang);
      return sendFile(reply, bytes, CONTENT_TYPES[format], `roster-import-${job.id}-result.${format}`);
    },
  );

  app.get(
    '/students/export',
    {
      config: { access: requirePermission(areaPermission(AREAS.rosters, 'download')) },
      schema: {
        tags,
        summary:
          "The students of the reader's schools (or of school_id) in the template's columns, CSV or XLSX: it imports back unchanged",
        querystring: formatQuery,
      },
    },
    async (request, reply) => {
      const { format, lang = request.lang, school_id } = request.query;
      const scope = await scopeOf(request);
      if (school_id !== undefined) assertSchoolInScope(scope, school_id);
      const file = await rosterExport(app.db, scope, format, lang, school_id);
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'students.export',
        target: school_id === undefined ? 'schools' : `schools/${school_id}`,
        schoolId: school_id ?? null,
        summary: { format, lang, schools: scope.all ? 'all' : scope.ids },
      });
      return sendFile(reply, file, CONTENT_TYPES[format], `students.${format}`);
    },
  );

  app.post(
    '/roster/rollover',
    {
      config: { access: requirePermission(permissionFor(AREAS.rosters, 'edit')) },
      schema: {
        tags,
        summary:
          "The academic year's rollover of one school (school_id) or of every school in the caller's scope: each class's active students move up a grade into the same section's class (made when missing), the last grade's students are deactivated. apply=false (default) previews and changes nothing; a school rolled over in the last 30 days is refused (418) unless again=true; reports keep the class and grade each result was sat in",
        body: z.strictObject({
          school_id: idValue().optional(),
          apply: z.boolean().default(false),
          again: z.boolean().default(false),
        }),
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const { school_id, apply, again } = request.body;
      if (school_id !== undefined) assertSchoolInScope(scope, school_id);
      const moves = await planRollover(app.db, scope, school_id);
      const summary = summarizeRollover(moves);
      if (!apply) return { data: { applied: false, summary, classes: moves } };
      await refuseRecentRollover(app.db, moves, app.clock.now(), again);
      const done = await applyRollover(app.db, moves, app.clock.now());
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'roster.rollover',
        target: school_id === undefined ? 'schools' : `schools/${school_id}`,
        schoolId: school_id ?? null,
        summary: done,
      });
      return { data: { applied: true, summary: { ...summary, ...done }, classes: moves } };
    },
  );

  app.get(
    '/exams/:id/results/export',
    {
      config: { access: requirePermission(areaPermission(AREAS.reports, 'download')) },
      schema: {
        tags,
        summary:
          "Per-student results of an exam in the reader's schools (score, percent, tier, pass or fail, per skill, per question), CSV or XLSX",
        params: idParams,
        querystring: formatQuery.pick({ format: true, lang: true }),
      },
    },
    async (request, reply) => {
      const { format, lang = request.lang } = request.query;
      await readByName(app.db, request.auth!.user.id, request.params.id, app.clock.now());
      const scope = await scopeOf(request);
      const file = await examResultsFile(app.db, request.params.id, scope, format, lang, {
        now: app.clock.now(),
        graceSeconds: app.config.delivery.graceSeconds,
      });
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'exams.results_export',
        target: `exams/${request.params.id}`,
        summary: { format, lang, schools: scope.all ? 'all' : scope.ids },
      });
      return sendFile(reply, file, CONTENT_TYPES[format], `exam-${request.params.id}-results.${format}`);
    },
  );

  // A class of the reader's schools, for its login cards: 404 for an unknown one, 403 out of scope.
  const cardsClass = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const klass = await app.db
      .selectFrom('school_classes')
      .innerJoin('schools', 'schools.id', 'school_classes.school_id')
      .select([
        'school_classes.id',
        'school_classes.school_id',
        'school_classes.name_en',
        'school_classes.name_ar',
        'schools.name_en as school_en',
        'schools.name_ar as school_ar',
      ])
      .where('school_classes.id', '=', request.params.id)
      .executeTakeFirst();
    if (!klass) throw notFound();
    assertSchoolInScope(await scopeOf(request), klass.school_id);
    return klass;
  };
  // Printing cards issues passwords as a reset does, so it needs what a reset needs; so does asking what it would do.
  const cardsAccess = requirePermission(permissionFor(AREAS.rosters, 'edit'), permissionFor('students', 'edit'));

  app.get(
    '/school-classes/:id/login-cards/preview',
    {
      config: { access: cardsAccess },
      schema: {
        tags,
        summary:
          "What printing a class's login cards would do, changing nothing: its active students, how many get a first password (new), how many have an earlier card never used (printed: kept unless replace=true) and how many have signed in",
        params: idParams,
        response: dataOf(
          z.object({ students: z.number(), new: z.number(), printed: z.number(), signed_in: z.number() }),
        ),
      },
    },
    async (request) => ({ data: await previewLoginCards(app.db, (await cardsClass(request)).id) }),
  );

  app.get(
    '/school-classes/:id/login-cards',
    {
      // It issues first passwords: a cross-site link must not make it print (the CSRF header is required).
      config: { access: cardsAccess, changesState: true },
      schema: {
        tags,
        summary:
          'The login cards of a class (PDF, English or Arabic, sorted by the names in that language), made on demand and never kept: students without a password get a first one; those whose earlier card was never used keep it (their card shows the username only) unless replace=true gives them new ones, which voids the earlier cards; those who have signed in keep theirs, never printed',
        params: idParams,
        querystring: z.strictObject({
          lang: z.enum(LANGUAGES).optional(),
          replace: z.enum(['true', 'false']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? request.lang;
      const klass = await cardsClass(request);
      // The configured address, never the Host this request named (a forged one would be printed).
      const origin = app.config.publicUrl;
      const replace = request.query.replace === 'true';
      const { output: bytes, cards } = await issueLoginCards(app.db, klass.id, { lang, replace }, (issued) =>
        pdf.render(loginCardsDocument(klass, issued, lang, origin)),
      );
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'roster.login_cards',
        target: `school-classes/${klass.id}`,
        schoolId: klass.school_id,
        summary: {
          issued: cards.filter((c) => c.password !== null).length,
          replaced: cards.filter((c) => c.password !== null && c.state === 'printed').length,
          cards: cards.length,
        },
      });
      return sendFile(reply, bytes, 'application/pdf', `login-cards-${klass.id}-${lang}.pdf`);
    },
  );
};

/** The upload's file (read whole, up to the limit) and its mode; a missing or oversized file is 422. */
async function takeRosterUpload(request: FastifyRequest) {
  const { bytes, fileName, fields } = await takeUpload(request, {
    tooLarge: 'roster.errors.file_too_large',
    empty: 'roster.errors.empty_file',
  });
  const mode = fields.mode ?? 'dry_run';
  if (mode !== 'dry_run' && mode !== 'import') throw invalid({ mode: ['roster.errors.invalid_mode'] });
  const create = fields.create_classes ?? 'false';
  if (create !== 'true' && create !== 'false')
    throw invalid({ create_classes: ['roster.errors.invalid_create_classes'] });
  return {
    bytes,
    fileName: fileName === 'upload' ? 'roster' : fileName,
    mode: mode as 'dry_run' | 'import',
    createClasses: create === 'true',
  };
}
