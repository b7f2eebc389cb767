import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORT_ACCESS, REPORT_STATUS, REPORT_TYPE } from '../../common/reports/index';
import { assertSchoolInScope, schoolScopeOf } from '../auth';
import { auditContext } from '../audit';
import { AppError, notFound } from '../http/app-error';
import { acceptFormBodies } from '../http/form-body';
import { translate } from '../http/i18n';
import { requirePermission } from '../http/route-access';
import { auditReportDownloads, auditReportRequest } from './report-audit';
import { attachment, inlineFile } from './report-file-names';
import { ReportFiles } from './report-files';
import { zipStream } from '../storage';
import { planDownload, reportRefusal, type Download } from './report-download';
import { generateReport, type PdfRenderer, type ReportDeps } from './report-generate';
import { beginMigration, defineReportJobs } from './report-jobs';
import { reportRequestRate } from './report-rate';
import { planReports, type Plan, type PlanRequest } from './report-plan';
import {
  downloadBody,
  gradeReportsBody,
  reportParams,
  schoolBody,
  schoolReportsBody,
  viewQuery,
} from './report-requests';
import { listReports, reportFilters, reportFiltersQuery, reportsInScope, reportsQuery } from './reports-list';

const tags = ['reports'];

/** Nothing queued: the reason of the first school or grade left out, else "not eligible" (SPEC section 8). */
function refuseEmpty(plan: Plan): never {
  throw new AppError(418, plan.skipped[0]?.reason ?? 'reports.errors.not_eligible');
}

/**
 * Reports (SPEC sections 3, 4, 7 and 8): the list and its filters, generating a school's or a
 * grade's reports as jobs, the school report at once, the school's report migration, the PDF viewer
 * and downloads. Every call is limited to the caller's schools.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ pdf: PdfRenderer }> = async (app, { pdf }) => {
  const files = new ReportFiles(app.fileStore);
  const deps: ReportDeps = {
    db: app.db,
    reads: () => app.reportReads.db(),
    pdf,
    files,
    timeZone: app.config.timeZone,
    now: () => app.clock.now(),
    log: app.log,
  };
  const jobs = defineReportJobs(app, deps);
  await acceptFormBodies(app);
  const scopeOf = (request: FastifyRequest) => schoolScopeOf(app.db, request.auth!);
  const canView = { access: requirePermission(...REPORT_ACCESS.view) };
  const canGenerate = { access: requirePermission(...REPORT_ACCESS.generate) };
  const rated = reportRequestRate(app);
  const canDownload = { access: requirePermission(...REPORT_ACCESS.download) };

  const queue = async (request: FastifyRequest, plan: Omit<PlanRequest, 'scope' | 'userId'>) => {
    const request_ = { ...plan, scope: await scopeOf(request), userId: request.auth!.user.id };
    // A refused request changes nothing: the migration and the records roll back with it.
    const made = await app.db.transaction().execute(async (trx) => {
      const planned = await planReports(trx, request_, app.clock.now());
      if (planned.reportIds.length === 0) refuseEmpty(planned);
      await auditReportRequest(trx, auditContext(request), request_, planned);
      return planned;
    });
    // Reports already queued or being generated are joined, not queued again.
    await jobs.generate(made.queueIds);
    return {
      message: translate(request.lang, 'reports.queued', { count: made.reportIds.length }),
      data: { report_ids: made.reportIds, skipped: made.skipped },
    };
  };

  app.get(
    '/reports',
    {
      config: canView,
      schema: {
        tags,
        summary:
          'Reports; platform_id, filter[type|status|school_id|round_id|grade_id|school_class_id|student_id|skill_id|academic_year_id|gender|nationality|country] as comma lists',
        querystring: reportsQuery,
      },
    },
    async (request) => listReports(app.db, await scopeOf(request), request.query),
  );

  app.get(
    '/reports/filters',
    {
      config: canView,
      schema: {
        tags,
        summary:
          "The report list's filter choices, within the caller's schools; the students of the classes in filter[school_class_id]",
        querystring: reportFiltersQuery,
      },
    },
    async (request) => ({ data: await reportFilters(app.db, await scopeOf(request), request.query) }),
  );

  app.post(
    '/schools/reports',
    {
      config: canGenerate,
      preHandler: rated,
      schema: {
        tags,
        summary:
          "Queue the reports of the caller's schools (or school_id) whose correction status is in correction_status_ids[]: school, grade, class and student reports and a ZIP bundle per exam (reports already queued or being generated are joined, not queued again); 418 when none is eligible; 429 past the per-user rate",
        body: schoolReportsBody,
      },
    },
    async (request) =>
      queue(request, {
        level: 'school',
        schoolId: request.body.school_id,
        statusIds: request.body.correction_status_ids,
        language: request.body.language,
      }),
  );

  app.post(
    '/grades/reports',
    {
      config: canGenerate,
      preHandler: rated,
      schema: {
        tags,
        summary:
          "Queue the reports of a school's grades (or grade_id) whose correction status is in correction_status_ids[]: grade, class and student reports and the grade's ZIP bundle (reports already queued or being generated are joined); 418 when none is eligible; 429 past the per-user rate",
        body: gradeReportsBody,
      },
    },
    async (request) => {
      assertSchoolInScope(await scopeOf(request), request.body.school_id);
      return queue(request, {
        level: 'grade',
        schoolId: request.body.school_id,
        gradeId: request.body.grade_id,
        statusIds: request.body.correction_status_ids,
        language: request.body.language,
      });
    },
  );

  app.post(
    '/schools/generate/exams/report',
    {
      config: canGenerate,
      preHandler: rated,
      schema: {
        tags,
        summary:
          "Generate a school's report now and answer data.preview_url; 418 when not all grades' exams are corrected; 429 past the per-user rate",
        body: schoolBody,
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      assertSchoolInScope(scope, request.body.school_id);
      const wanted: PlanRequest = {
        scope,
        level: 'school',
        schoolId: request.body.school_id,
        language: request.body.language ?? 'both',
        userId: request.auth!.user.id,
        schoolReportsOnly: true,
      };
      const plan = await app.db.transaction().execute(async (trx) => {
        const planned = await planReports(trx, wanted, app.clock.now());
        // The school report needs every grade's exams corrected (SPEC section 8), whichever exam.
        const notCorrected = planned.skipped.find((s) => s.reason === 'reports.errors.school_not_corrected');
        if (notCorrected || planned.reportIds.length === 0) refuseEmpty(planned);
        await auditReportRequest(trx, auditContext(request), wanted, planned);
        return planned;
      });
      for (const id of plan.reportIds) await generateReport(deps, id);
      const latest = Math.max(...plan.reportIds);
      const done = await app.db
        .selectFrom('reports')
        .select(['status'])
        .where('id', '=', latest)
        .executeTakeFirstOrThrow();
      if (done.status !== REPORT_STATUS.generated) throw new AppError(418, 'reports.errors.cant_generate');
      // The viewer opens in the language asked, else the reader's.
      const asked = request.body.language;
      const language = asked === 'en' || asked === 'ar' ? asked : request.lang;
      return {
        data: { report_ids: plan.reportIds, preview_url: `/api/reports/${latest}/view-pdf?lang=${language}` },
      };
    },
  );

  app.post(
    '/schools/migrate/reports',
    {
      config: canGenerate,
      schema: {
        tags,
        summary:
          "Move the school's corrected results into the reporting tables, as a job; the school's status says migrating until it ends",
        body: schoolBody,
      },
    },
    async (request) => {
      assertSchoolInScope(await scopeOf(request), request.body.school_id);
      const school = await app.db
        .selectFrom('schools')
        .select('id')
        .where('id', '=', request.body.school_id)
        .executeTakeFirst();
      if (!school) throw notFound();
      // Asked again while it runs, it is not queued twice.
      if (await beginMigration(app.db, school.id, app.clock.now())) await jobs.migrate(school.id);
      return { message: translate(request.lang, 'reports.migration_started'), data: { school_id: school.id } };
    },
  );

  app.get(
    '/reports/:id/view-pdf',
    {
      config: canView,
      schema: {
        tags,
        summary: 'A generated report as a PDF shown in the page (lang en or ar); 418 when not generated or a bundle',
        params: reportParams,
        querystring: viewQuery,
      },
    },
    async (request, reply) => {
      const [report] = await reportsInScope(app.db, await scopeOf(request), [request.params.id]);
      if (!report) throw notFound();
      if (report.type === REPORT_TYPE.bundle) throw reportRefusal.bundleView();
      const download = await planDownload(app.db, files, [report], request.query.lang);
      if (download.kind !== 'file') throw reportRefusal.notGenerated();
      await auditReportDownloads(app.db, auditContext(request), [report], {
        language: request.query.lang,
        inline: true,
      });
      return sendFile(reply, files, download, inlineFile(download.name));
    },
  );

  app.post(
    '/reports/download',
    {
      config: canDownload,
      schema: {
        tags,
        summary:
          'Download reports (form: language, report_ids[]): several give Reports.zip, a bundle Report.zip, one report its PDF',
        body: downloadBody,
      },
    },
    async (request, reply) => {
      const ids = [...new Set(request.body.report_ids)];
      const reports = await reportsInScope(app.db, await scopeOf(request), ids);
      if (reports.length !== ids.length) throw notFound();
      const download = await planDownload(app.db, files, reports, request.body.language);
      await auditReportDownloads(app.db, auditContext(request), reports, {
        language: request.body.language,
        inline: false,
      });
      if (download.kind === 'file') return sendFile(reply, files, download, attachment(download.name));
      reply.header('content-type', 'application/zip').header('content-disposition', attachment(download.name));
      return reply.send(zipStream(files.store, download.entries));
    },
  );
};

/** Streams a stored file with its type, length (found by the plan) and disposition. */
function sendFile(
  reply: FastifyReply,
  files: ReportFiles,
  file: Extract<Download, { kind: 'file' }>,
  disposition: string,
) {
  reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', disposition);
  return reply.send(files.store.read(file.key));
}
