import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { latestMigration } from '../db/migrate';

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

  app.get(
    '/config',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Runtime settings the console needs' } },
    async () => ({
      data: {
        sentry_dsn: app.config.sentryDsn,
        environment: app.config.production ? 'production' : 'development',
        time_zone: app.config.timeZone,
      },
    }),
  );
};
