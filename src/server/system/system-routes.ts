import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { knownMigrations, latestMigration } from '../db/migrate';
import { readinessProbe } from './readiness';

/** Health for load balancers and the console's runtime settings. */
export const systemRoutes: FastifyPluginAsyncZod<{ databaseKind: 'pglite' | 'postgres' }> = async (app, options) => {
  // Migrations run before the app is built, so the latest one is read once, not per probe.
  const migration = await latestMigration(app.db);

  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Liveness and database state' } },
    async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok', database: options.databaseKind, migration };
    },
  );

  // Liveness: the process answers (no dependency is asked: a database outage must not get every
  // server restarted). Readiness: whether to send it traffic (`readiness.ts`).
  app.get(
    '/health/live',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Liveness: the process answers' } },
    async () => ({ status: 'ok' }),
  );
  const ready = readinessProbe(app.db, app.fileStore, (await knownMigrations()).at(-1) ?? '');
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers at this release’s migration and the file store takes a write',
      },
    },
    async (_request, reply) => {
      const { ready: isReady, checks } = await ready();
      reply.code(isReady ? 200 : 503);
      return { status: isReady ? 'ready' : 'not_ready', database: options.databaseKind, checks };
    },
  );

  app.get(
    '/config',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Runtime settings the console needs' } },
    async () => ({
      data: {
        sentry_dsn: app.config.sentryDsn,
        sentry_traces_sample_rate: app.config.sentryTracesSampleRate,
        environment: app.config.production ? 'production' : 'development',
        time_zone: app.config.timeZone,
      },
    }),
  );
};
