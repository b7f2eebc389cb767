import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../common/ids';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { requirePermission } from '../http/route-access';
import { AnalysisCache } from './analysis-cache';
import { examItemAnalysis } from './exam-item-analysis';

/** Item analysis (issue 15): facility, discrimination, options chosen and reliability of an exam's questions. */
export const itemAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new AnalysisCache();
  app.get(
    '/exams/:id/item-analysis',
    {
      config: { access: requirePermission(...listPermissions(AREAS.itemStatistics)) },
      schema: {
        tags: ['exams'],
        summary: "Item statistics of the exam's corrected attempts: facility, discrimination, options, alpha, SEM",
        params: z.object({ id: idParam() }),
      },
    },
    async (request) => ({ data: await examItemAnalysis(app.db, request.params.id, cache, request.log) }),
  );
};
