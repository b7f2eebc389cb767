import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { idParam } from '../../common/ids';
import { notFound } from '../http/app-error';
import { requirePermission } from '../http/route-access';
import { sebFile } from './seb-settings';

const tags = ['exams'];
const idParams = z.object({ id: idParam() });
const SEB_TYPE = 'application/seb';

/**
 * An exam's Safe Exam Browser configuration (an unencrypted .seb file): for the exam's staff, and
 * for SEB itself, which opens the exam's launch link without the student's session. The public one
 * answers only for an exam that requires SEB; the file names the exam by its id alone.
 */
export const sebRoutes: FastifyPluginAsyncZod = async (app) => {
  const examRequiring = (id: number, onlyRequired: boolean) => {
    let query = app.db.selectFrom('exams').select('id').where('id', '=', id);
    if (onlyRequired) query = query.where('safe_exam_browser', '=', true);
    return query.executeTakeFirst();
  };
  const send = (id: number) => sebFile(app.config.publicUrl, id);

  app.get(
    '/exams/:id/seb-config',
    {
      config: { access: requirePermission(...listPermissions(AREAS.exams)) },
      schema: {
        tags,
        summary: "The exam's Safe Exam Browser configuration (.seb), whose Config Key the server checks",
        params: idParams,
      },
    },
    async (request, reply) => {
      if (!(await examRequiring(request.params.id, false))) throw notFound();
      return reply
        .type(SEB_TYPE)
        .header('content-disposition', `attachment; filename="exam-${request.params.id}.seb"`)
        .send(send(request.params.id));
    },
  );

  app.get(
    '/seb/exams/:id/config.seb',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The .seb file the launch link (sebs://) opens, for an exam that requires Safe Exam Browser; else 404',
        params: idParams,
      },
    },
    async (request, reply) => {
      if (!(await examRequiring(request.params.id, true))) throw notFound();
      return reply.type(SEB_TYPE).header('cache-control', 'no-store').send(send(request.params.id));
    },
  );
};
