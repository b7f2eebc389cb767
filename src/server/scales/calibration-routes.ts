import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idValue } from '../../common/ids';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { permissionFor } from '../../common/permissions';
import { auditContext, recordAudit } from '../audit';
import { notFound } from '../http/app-error';
import { requirePermission } from '../http/route-access';
import { bookmarkBooklet } from './bookmark-booklet';
import { findCalibration, listCalibrations, presentCalibration } from './calibration-presenter';
import { CALIBRATION_QUEUE, MAX_CALIBRATION_EXAMS, requestCalibration } from './calibration-requests';
import { runCalibration } from './calibration-run';

const idParams = z.object({ id: idParam() });

/**
 * Calibrations on a reporting scale (issue 42): run one on chosen exams (a job), follow its
 * progress, read what it kept. Running one is the calibrations area's create permission (authors
 * and administrators); reading them, its view. And the scale's ordered item booklet for setting its
 * cut scores the bookmark way (whoever may read the cut scores).
 */
export const calibrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define<{ id: number }>(CALIBRATION_QUEUE, ({ id }) => runCalibration(app.db, id, app.log));
  const tags = ['scales'];
  const view = requirePermission(...listPermissions(AREAS.calibrations));

  app.post(
    '/scales/:id/calibrations',
    {
      config: { access: requirePermission(permissionFor(AREAS.calibrations, 'create')) },
      schema: {
        tags,
        summary:
          "Calibrate exams on the scale, in the order given or all at once (design: concurrent): the scale's origin while it has none, else linked to the bank by anchor questions (a job, 202)",
        params: idParams,
        body: z.strictObject({
          exam_ids: z.array(idValue()).min(1).max(MAX_CALIBRATION_EXAMS),
          design: z.enum(['separate', 'concurrent']).default('separate'),
        }),
      },
    },
    async (request, reply) => {
      const id = await requestCalibration(app.db, app.jobs, {
        scaleId: request.params.id,
        examIds: request.body.exam_ids,
        design: request.body.design,
        userId: request.auth!.user.id,
      });
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'calibrations.run',
        target: `calibrations/${id}`,
        summary: { scale_id: request.params.id, exam_ids: request.body.exam_ids, design: request.body.design },
      });
      return reply.status(202).send({ data: presentCalibration((await findCalibration(app.db, id))!, request.lang) });
    },
  );

  app.get(
    '/scales/:id/calibrations',
    {
      config: { access: view },
      schema: { tags, summary: "The scale's calibrations, the latest first", params: idParams },
    },
    async (request) => {
      const scale = await app.db
        .selectFrom('scales')
        .select('id')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!scale) throw notFound();
      return {
        data: (await listCalibrations(app.db, scale.id)).map((row) => presentCalibration(row, request.lang)),
      };
    },
  );

  app.get(
    '/scales/:id/booklet',
    {
      config: { access: requirePermission(...listPermissions('scale-cuts')) },
      schema: {
        tags,
        summary:
          "The scale's ordered item booklet for a grade or level (questions at a response probability of 0.67, in scaled-score points) beside its students' scaled scores and the cuts set so far",
        params: idParams,
        querystring: z.strictObject({ grade_id: idParam().optional(), level_id: idParam().optional() }),
      },
    },
    async (request) => ({
      data: await bookmarkBooklet(app.db, request.params.id, {
        grade_id: request.query.grade_id ?? null,
        level_id: request.query.level_id ?? null,
      }),
    }),
  );

  app.get(
    '/calibrations/:id',
    {
      config: { access: view },
      schema: { tags, summary: 'A calibration: its progress, and per exam its fit and anchors', params: idParams },
    },
    async (request) => {
      const row = await findCalibration(app.db, request.params.id);
      if (!row) throw notFound();
      return { data: presentCalibration(row, request.lang) };
    },
  );
};
