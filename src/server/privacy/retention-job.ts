import type { FastifyInstance } from 'fastify';
import { remakeReports } from './remake-reports';
import { applyRetention } from './retention';

export const RETENTION_QUEUE = 'retention';

/** The retention rules, carried out once a day (once across every server process), when any is set. */
export function defineRetentionJob(app: FastifyInstance): void {
  const settings = app.config.retention;
  if (settings.recordingsDays <= 0 && settings.leaversYears <= 0) return;
  app.jobs.define(
    RETENTION_QUEUE,
    async () => {
      const done = await applyRetention(app.db, app.fileStore, settings, app.clock.now(), (ids) =>
        remakeReports(app, ids),
      );
      app.log.info(done, 'retention rules carried out');
    },
    { every: '30 2 * * *' },
  );
}
