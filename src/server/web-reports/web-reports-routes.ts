import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { hasAnyPermission, permissionFor } from '../../common/permissions';
import { assertSchoolInScope, schoolScopeOf } from '../auth';
import { translate } from '../http/i18n';
import { requirePermission } from '../http/route-access';
import { webReportFilters } from './web-report-filters';
import { defineWebReportJobs } from './web-report-jobs';
import { webReportQuery } from './web-report-query';
import { refreshWebReports } from './web-report-refresh';
import { webReportResults } from './web-report-results';

const tags = ['web reports'];
const REFRESH = permissionFor(AREAS.webReports, 'generate');

/**
 * Web reports (SPEC sections 3, 7 and 9): the dashboard's filters and figures, read from the
 * aggregates that the refresh job rebuilds every 24 hours; admins may refresh them now. The
 * dashboard reads on the read replica when there is one (`app.reportReads`); the refresh writes,
 * and the caller's schools are read, on the primary.
 */
export const webReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const canView = { access: requirePermission(...listPermissions(AREAS.webReports)) };
  const now = () => app.clock.now();
  defineWebReportJobs(app, { db: app.db, now });

  app.get(
    '/web-report/filters',
    {
      config: canView,
      schema: { tags, summary: 'What the dashboard may be filtered by, within the caller’s schools' },
    },
    async (request) => ({
      data: await webReportFilters(
        await app.reportReads.db(),
        await schoolScopeOf(app.db, request.auth!),
        hasAnyPermission(request.auth!.permissions, [REFRESH]),
      ),
    }),
  );

  app.get(
    '/web-report/results',
    {
      config: canView,
      schema: {
        tags,
        summary:
          'Participation, average per skill, tiers, leaderboard (one school, round and grade) and the comparative view',
        querystring: webReportQuery,
      },
    },
    async (request) => {
      const scope = await schoolScopeOf(app.db, request.auth!);
      const { comparative, ...chosen } = request.query;
      for (const schoolId of chosen.schoolIds) assertSchoolInScope(scope, schoolId);
      const reads = await app.reportReads.db();
      return { data: await webReportResults(reads, { scope, ...chosen }, comparative, request.lang) };
    },
  );

  app.post(
    '/web-report/refresh',
    {
      config: { access: requirePermission(REFRESH) },
      schema: { tags, summary: 'Refresh every web report figure now', body: z.strictObject({}).optional() },
    },
    async (request) => {
      const { refreshed_at, rows } = await refreshWebReports(app.db, 'admin', now);
      return {
        message: translate(request.lang, 'web_reports.refreshed'),
        data: { refreshed_at: refreshed_at.toISOString(), rows },
      };
    },
  );
};
