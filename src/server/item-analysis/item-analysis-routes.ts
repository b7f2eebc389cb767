import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../common/ids';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { requirePermission } from '../http/route-access';
import { CONTENT_TYPES, sendFile } from '../http/sheet-file';
import { AnalysisCache } from './analysis-cache';
import { examItemAnalysis } from './exam-item-analysis';
import { itemAnalysisSheet } from './item-analysis-export';

/**
 * Item analysis (issues 15 and 30): facility, discrimination, options chosen and reliability of an
 * exam's questions, their Rasch calibration, DIF and the agreement of its markers; and the
 * question statistics as a sheet. It only reads, on the read replica when there is one
 * (`app.reportReads`); the computed analyses are kept in this process's memory.
 */
export const itemAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new AnalysisCache();
  const access = requirePermission(...listPermissions(AREAS.itemStatistics));
  app.get(
    '/exams/:id/item-analysis',
    {
      config: { access },
      schema: {
        tags: ['exams'],
        summary:
          "Item statistics of the exam's corrected attempts: facility, discrimination, options, alpha, SEM, Rasch, DIF, marker agreement",
        params: z.object({ id: idParam() }),
      },
    },
    async (request) => ({
      data: await examItemAnalysis(await app.reportReads.db(), request.params.id, cache, request.log),
    }),
  );
  app.get(
    '/exams/:id/item-analysis/export',
    {
      config: { access },
      schema: {
        tags: ['exams'],
        summary: "The exam's item statistics as CSV or XLSX, in the request's language",
        params: z.object({ id: idParam() }),
        querystring: z.strictObject({ format: z.enum(['csv', 'xlsx']).default('csv') }),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const report = await examItemAnalysis(await app.reportReads.db(), request.params.id, cache, request.log);
      const bytes = await itemAnalysisSheet(report, format, request.lang);
      return sendFile(reply, bytes, CONTENT_TYPES[format], `item-analysis-${request.params.id}.${format}`);
    },
  );
};
