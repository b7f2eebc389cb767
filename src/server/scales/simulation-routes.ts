import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idValue } from '../../common/ids';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { requirePermission } from '../http/route-access';
import { runAdaptiveSimulation } from './adaptive-simulation';
import { closeSimulations } from './simulation-pool';

/**
 * The author's adaptive simulator (issue 43): `POST /api/scales/:id/adaptive-simulations` runs
 * simulated students through adaptive rules on the scale's calibrated questions of a grade or
 * level and answers what they would get. It writes nothing; whoever may read calibrations may run it.
 */
export const simulationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', closeSimulations);
  app.post(
    '/scales/:id/adaptive-simulations',
    {
      config: { access: requirePermission(...listPermissions(AREAS.calibrations)) },
      schema: {
        tags: ['scales'],
        summary:
          "Simulate adaptive tests on the scale's calibrated questions of a grade or level: per ability band the length, standard error, bias and RMSE, the exposure, content coverage and whether the middle 90% reach the precision",
        params: z.object({ id: idParam() }),
        body: z.strictObject({
          grade_id: idValue().optional(),
          level_id: idValue().optional(),
          students: z.number().int().min(100).max(10_000).default(1000),
          min_length: z.number().int().min(1).max(200),
          max_length: z.number().int().min(1).max(200),
          se_target: z.number().min(0.1).max(1.5),
          exposure: z.enum(['none', 'randomesque', 'sympson_hetter']).default('randomesque'),
          among: z.number().int().min(1).max(20).default(5),
          ceiling: z.number().min(0.05).max(1).default(0.25),
          content: z
            .array(
              z.strictObject({
                learning_outcome_id: idValue(),
                min: z.number().int().min(0).max(200).optional(),
                max: z.number().int().min(0).max(200).optional(),
              }),
            )
            .max(20)
            .default([]),
        }),
      },
    },
    async (request) => ({ data: await runAdaptiveSimulation(app.db, request.params.id, request.body) }),
  );
};
