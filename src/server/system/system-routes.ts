import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { latestMigration } from '../db/migrate';

/** Health for load balancers and the console's runtime settings. */
export const systemRoutes: FastifyPluginAsyncZod<{ databaseKind: 'pglite' | 'postgres' }> = async (app, options) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Liveness and database state' } },
    async () => ({ status: 'ok', database: options.databaseKind, migration: await latestMigration(app.db) }),
  );

  app.get(
    '/config',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Runtime settings the console needs' } },
    async () => ({
      data: { sentry_dsn: app.config.sentryDsn, environment: app.config.production ? 'production' : 'development' },
    }),
  );
};
