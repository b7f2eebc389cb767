import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../common/ids';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { permissionFor } from '../../common/permissions';
import { auditContext } from '../audit';
import { schoolScopeOf } from '../auth';
import { readByName } from '../correction/index';
import { queueRefreshAfterMigration } from '../web-reports/index';
import type { DeadlineScheduler } from '../delivery';
import { AppError } from '../http/app-error';
import { dataOf } from '../http/data-response';
import { requirePermission } from '../http/route-access';
import { extraTimeBody, setExtraTime } from './extra-time-override';
import { interventionBody } from './intervention-body';
import { intervene } from './interventions';
import { loadMonitor, monitorQuery } from './monitor';
import { forgetReadings, sharedReading } from './monitor-cache';
import { releaseBody, releaseClosedAssignments, releaseResults, withdrawRelease } from './releases';
import { installCompiledSerializer } from '../http/response-serializer';
import { examMonitor, interventionOutcome, listMeta } from '../../common/contracts/index';

const tags = ['exam day'];
const ACCOMMODATE = permissionFor(AREAS.accommodations, 'edit');
const idParams = z.object({ id: idParam() });
/** How many assignments a release or its withdrawal reached, and how many it changed. */
const released = z.strictObject({ released: z.number(), assignments: z.number() });
const withdrawn = z.strictObject({ withdrawn: z.number(), held: z.number(), assignments: z.number() });
/** The job behind assignments whose results are released when their window closes. */
export const RELEASE_SWEEP_QUEUE = 'results-release-sweep';

/**
 * Exam day (issue 26): the live monitor, the interventions on attempts, the per-assignment extra
 * time and the release of results. Within the reader's schools: another school's students, classes
 * and schools are 404.
 */
export const examDayRoutes: FastifyPluginAsyncZod<{ deadlines: DeadlineScheduler }> = async (app, { deadlines }) => {
  const canWatch = { access: requirePermission(...listPermissions(AREAS.examMonitor)) };
  const canIntervene = { access: requirePermission(permissionFor(AREAS.examMonitor, 'edit')) };
  const grace = () => app.config.delivery.graceSeconds;
  installCompiledSerializer(app);
  // Every route here names students beside what their attempts did: refused to whoever marks the
  // exam anonymously while its marking is open (after the route's own permission check).
  app.addHook('preHandler', async (request) => {
    const { id } = request.params as { id?: number };
    if (id !== undefined && request.auth) await readByName(app.db, request.auth.user.id, id, app.clock.now());
  });
  const context = async (request: FastifyRequest) => ({
    db: app.db,
    scope: await schoolScopeOf(app.db, request.auth!),
    audit: auditContext(request),
    now: app.clock.now(),
    graceSeconds: grace(),
  });

  app.jobs.define(
    RELEASE_SWEEP_QUEUE,
    async () => {
      const released = await releaseClosedAssignments(app.db, app.clock.now(), grace());
      if (released > 0) app.log.info({ released }, 'results released at the end of their windows');
    },
    { every: '* * * * *' },
  );

  app.get(
    '/exams/:id/monitor',
    {
      config: canWatch,
      schema: {
        tags,
        summary:
          'The exam as it is sat now, in your schools: totals, per school and class, and per student (status, started_at, ' +
          'deadline_at, time_left_seconds with extra time, extra_seconds, answered of total, last_seen_at, last_saved_at, ' +
          'online, unsent) a page at a time (page, per_page up to 100, search by name or number, filter[status] as a ' +
          'comma list); filter[school_id], filter[school_class_id] narrow it all. Poll it every few seconds',
        params: idParams,
        querystring: monitorQuery,
        response: { 200: z.strictObject({ data: examMonitor, meta: listMeta }) },
      },
    },
    async (request) => {
      const { db, scope, now } = await context(request);
      // Readers who may see the same schools, asking the same view, share one reading for a moment.
      const key = JSON.stringify([request.params.id, scope.all ? 'all' : scope.ids, request.query, request.lang]);
      const view = { examId: request.params.id, key, nowMs: now.getTime(), ttlMs: app.config.delivery.monitorCacheMs };
      return sharedReading(db, view, () =>
        loadMonitor(db, request.params.id, scope, request.query, now, grace(), request.lang),
      );
    },
  );

  app.post(
    '/exams/:id/interventions',
    {
      config: canIntervene,
      schema: {
        tags,
        summary:
          'extend (minutes, running attempts), reopen (submitted attempts whose results are not released and whose marking ' +
          'has not begun, keeping their answers; minutes, else the time that was left), force_submit (running attempts) ' +
          'or reset (erase attempts, answers and marks); for student_ids, a school_class_id or a school_id; a reason; ' +
          'preview: true says what would happen (and what a reset erases) without changing anything. Each is audited. ' +
          '418 on a practice test, or when it applies to none of them',
        params: idParams,
        body: interventionBody,
        response: dataOf(interventionOutcome),
      },
    },
    async (request) => {
      const data = await intervene({ ...(await context(request)), deadlines }, request.params.id, request.body);
      forgetReadings(app.db, request.params.id);
      return { data };
    },
  );

  app.put(
    '/exams/:id/extra-time',
    {
      config: canIntervene,
      // Extra time is an accommodation: a permission of its own besides intervening (issue 39),
      // asked before the body is read.
      preValidation: async (request) => {
        if (!request.auth!.permissions.has(ACCOMMODATE))
          throw new AppError(403, 'roster.errors.accommodation_not_allowed');
      },
      schema: {
        tags,
        summary:
          'Extra time for some students in this exam alone (minutes and/or percent), replacing their own accommodation ' +
          'from their next start; both null: back to their own. Audited',
        params: idParams,
        body: extraTimeBody,
        response: dataOf(z.strictObject({ updated: z.number() })),
      },
    },
    async (request) => {
      const data = await setExtraTime(await context(request), request.params.id, request.body);
      forgetReadings(app.db, request.params.id);
      return { data };
    },
  );

  const releaseSchema = <T extends z.ZodType>(summary: string, answer: T) => ({
    tags,
    summary,
    params: idParams,
    body: releaseBody.optional(),
    response: dataOf(answer),
  });
  app.post(
    '/exams/:id/release',
    {
      config: { access: requirePermission(permissionFor(AREAS.resultReleases, 'create')) },
      schema: releaseSchema(
        'Release the results to the students and school staff: the whole exam, or student_ids, a school_class_id or a ' +
          'school_id. Audited; 418 on a practice test (its results are shown at once)',
        released,
      ),
    },
    async (request) => {
      const data = await releaseResults(await context(request), request.params.id, request.body);
      forgetReadings(app.db, request.params.id);
      return { data };
    },
  );

  app.delete(
    '/exams/:id/release',
    {
      config: { access: requirePermission(permissionFor(AREAS.resultReleases, 'delete')) },
      schema: releaseSchema(
        'Withdraw a release (the same choice of students); the window’s end does not release them again. Audited',
        withdrawn,
      ),
    },
    async (request) => {
      const data = await withdrawRelease(await context(request), request.params.id, request.body);
      forgetReadings(app.db, request.params.id);
      // The leaderboard lost the withdrawn marks at once; the dashboards' figures follow shortly.
      if (data.withdrawn > 0) await queueRefreshAfterMigration(app);
      return { data };
    },
  );
};
