import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaPermission } from '../../common/permissions';
import { AREAS } from '../../common/permission-catalog';
import { demoRequestSchema } from '../../common/demo-request';
import { requirePermission } from '../http/route-access';
import { translate } from '../http/i18n';
import { listQuerySchema, offsetOf, pageMeta } from '../http/pagination';
import { AppError } from '../http/app-error';
import { sql } from 'kysely';

const sortable = ['id', 'first_name', 'last_name', 'institute', 'email', 'country', 'created_at'] as const;

/** The landing page's Request a Demo form, and the admins' list of what came in. */
export const demoRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/demo-requests',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: app.config.demoRequestsPerHour,
          timeWindow: '1 hour',
          errorResponseBuilder: () => new AppError(429, 'errors.too_many_requests'),
        },
      },
      schema: {
        tags: ['demo requests'],
        summary: `Request a demo (public; at most ${app.config.demoRequestsPerHour} per hour per address)`,
        body: demoRequestSchema,
      },
    },
    async (request, reply) => {
      const row = await app.db
        .insertInto('demo_requests')
        .values({ ...request.body, language: request.lang })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ data: row, message: translate(request.lang, 'landing.demo_sent') });
    },
  );

  app.get(
    '/demo-requests',
    {
      config: { access: requirePermission(areaPermission(AREAS.demoRequests, 'view')) },
      schema: {
        tags: ['demo requests'],
        summary: 'List demo requests (admins)',
        querystring: listQuerySchema(sortable, { sort: 'id', order: 'desc' }),
      },
    },
    async (request) => {
      const q = request.query;
      let base = app.db.selectFrom('demo_requests');
      if (q.search) {
        const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        base = base.where((eb) =>
          eb.or(['first_name', 'last_name', 'institute', 'email'].map((c) => eb(c as 'email', 'ilike', like))),
        );
      }
      const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      const data = await base
        .selectAll()
        .orderBy(q.sort, q.order)
        .orderBy('id', q.order)
        .limit(q.per_page)
        .offset(offsetOf(q))
        .execute();
      return { data, meta: pageMeta(q, total) };
    },
  );
};
