import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { refreshWebReports, type RefreshReason } from './web-report-refresh';

export const REFRESH_QUEUE = 'web-report-refresh';
/** Every 24 hours (SPEC section 9), at 02:00 UTC when schools are closed. */
export const REFRESH_EVERY = '0 2 * * *';
/**
 * After a school's migration the refresh waits this long; a migration done while it waits shares it
 * (the refresh has not read anything yet).
 */
const AFTER_MIGRATION_SECONDS = 60;

/**
 * The refresh job: on its schedule, and queued after each school's report migration (at most one
 * waiting at a time). With the queue off (most tests), tests call `refreshWebReports` themselves.
 */
export function defineWebReportJobs(app: FastifyInstance, deps: { db: Db; now: () => Date }): void {
  app.jobs.define<{ reason?: RefreshReason }>(
    REFRESH_QUEUE,
    async ({ reason }) => {
      const { rows } = await refreshWebReports(deps.db, reason ?? 'schedule', deps.now);
      app.log.info({ rows, reason: reason ?? 'schedule' }, 'web report figures refreshed');
    },
    { every: REFRESH_EVERY, oneWaiting: true },
  );
}

/** Queues a refresh after a school's reports were migrated. */
export async function queueRefreshAfterMigration(app: FastifyInstance): Promise<void> {
  await app.jobs.send(
    REFRESH_QUEUE,
    { reason: 'migration' },
    { afterSeconds: AFTER_MIGRATION_SECONDS, joinKey: 'migration' },
  );
}
