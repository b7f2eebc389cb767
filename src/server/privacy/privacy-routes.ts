import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../common/ids';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { areaPermission, permissionFor } from '../../common/permissions';
import { auditContext, recordAudit } from '../audit';
import { assertSchoolInScope, schoolScopeOf } from '../auth';
import { AppError, notFound } from '../http/app-error';
import { veiledExams } from '../correction';
import { requirePermission } from '../http/route-access';
import { zipStream } from '../storage';
import { exportEntries } from './data-export';
import { eraseStudent } from './erase-student';
import { remakeReports } from './remake-reports';
import { planRetention, type RetentionPlan } from './retention';
import { examIdsOf, studentFootprint } from './student-footprint';

const idParams = z.object({ id: idParam() });
const eraseBody = z.strictObject({ reason: z.string().trim().min(3).max(500) });
const erased = z.strictObject({
  data: z.strictObject({
    student_id: z.number(),
    recordings: z.number(),
    reports: z.number(),
    reports_remade: z.number(),
    audit_rows: z.number(),
    files_left: z.number(),
  }),
});
const retention = z.strictObject({
  data: z.strictObject({
    settings: z.strictObject({ recordings_days: z.number(), leavers_years: z.number() }),
    recordings: z.array(
      z.strictObject({
        media_id: z.number(),
        student_id: z.number(),
        student_number: z.string(),
        school_id: z.number(),
        school_en: z.string(),
        school_ar: z.string(),
        exam_id: z.number(),
        exam_en: z.string(),
        exam_ar: z.string(),
        released_at: z.string(),
      }),
    ),
    leavers: z.array(
      z.strictObject({
        student_id: z.number(),
        student_number: z.string(),
        name_en: z.string(),
        name_ar: z.string(),
        school_id: z.number(),
        school_en: z.string(),
        school_ar: z.string(),
        left_at: z.string(),
      }),
    ),
  }),
});

/** What the dry run shows: no file names (the store's keys are the server's). */
const presentPlan = (plan: RetentionPlan) => ({
  recordings: plan.recordings.map(({ file_name: _file, released_at, ...row }) => ({
    ...row,
    released_at: released_at.toISOString(),
  })),
  leavers: plan.leavers.map(({ left_at, ...row }) => ({ ...row, left_at: left_at.toISOString() })),
});

/**
 * A student's data as the law expects (issue 45): the export of everything held on them and their
 * erasure, within the reader's schools (404 outside them), both audited; and the retention rules'
 * dry run. The rules themselves run as a daily job (privacy/index.ts).
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['students'];
  async function footprintInScope(request: FastifyRequest, id: number) {
    const footprint = await studentFootprint(app.db, id);
    if (!footprint) throw notFound();
    assertSchoolInScope(await schoolScopeOf(app.db, request.auth!), footprint.schoolId);
    return footprint;
  }

  app.get(
    '/students/:id/personal-data',
    {
      config: { access: requirePermission(areaPermission(AREAS.personalData, 'download')) },
      schema: {
        tags,
        summary:
          'Everything held on one student as a ZIP of JSON and files (record, account, sessions, exams with answers, marks and results, reports, recordings, audit rows), audited',
        params: idParams,
      },
    },
    async (request, reply) => {
      const footprint = await footprintInScope(request, request.params.id);
      // The export names the student beside every exam they sat: a named view of each (issue 39).
      const now = app.clock.now();
      const veiled = await veiledExams(app.db, request.auth!.user.id, await examIdsOf(app.db, footprint), now);
      if (veiled.size > 0) throw new AppError(403, 'privacy.errors.marks_anonymously');
      const entries = await exportEntries(app.db, app.fileStore, footprint, now);
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'students.export_personal_data',
        target: `students/${footprint.studentId}`,
        schoolId: footprint.schoolId,
        summary: { files: entries.length },
      });
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="personal-data-student-${footprint.studentId}.zip"`)
        .header('cache-control', 'no-store');
      return reply.send(zipStream(app.fileStore, entries));
    },
  );

  app.post(
    '/students/:id/erase',
    {
      config: { access: requirePermission(permissionFor(AREAS.personalData, 'delete')) },
      schema: {
        tags,
        summary:
          "Erase a student's personal data, with a reason (pseudonymised record and audit rows, no sign-in, recordings, comments and individual reports deleted; scores kept for the statistics); 418 while they sit an exam or once erased",
        params: idParams,
        body: eraseBody,
        response: { 200: erased },
      },
    },
    async (request) => {
      const footprint = await footprintInScope(request, request.params.id);
      const result = await eraseStudent(app.db, app.fileStore, footprint, {
        ...auditContext(request),
        reason: request.body.reason,
      });
      await remakeReports(app, result.remade);
      return {
        data: {
          student_id: footprint.studentId,
          recordings: result.recordings,
          reports: result.reports,
          reports_remade: result.remade.length,
          audit_rows: result.auditRows,
          files_left: result.filesLeft,
        },
      };
    },
  );

  app.get(
    '/privacy/retention',
    {
      config: { access: requirePermission(...listPermissions(AREAS.personalData)) },
      schema: {
        tags,
        summary:
          'The retention rules (RETAIN_RECORDINGS_DAYS, ERASE_LEAVERS_AFTER_YEARS) and what their daily job would delete now: a dry run',
        response: { 200: retention },
      },
    },
    async () => {
      const settings = app.config.retention;
      const plan = await planRetention(app.db, settings, app.clock.now());
      return {
        data: {
          settings: { recordings_days: settings.recordingsDays, leavers_years: settings.leaversYears },
          ...presentPlan(plan),
        },
      };
    },
  );
};
