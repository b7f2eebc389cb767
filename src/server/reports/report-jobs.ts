import { truncateText } from '../../common/text-bounds';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { generateReport, type ReportDeps } from './report-generate';
import { migrateSchoolResults } from './report-migration';
import { queueRefreshAfterMigration } from '../web-reports';

export const REPORT_QUEUE = 'report-generate';
export const MIGRATION_QUEUE = 'report-migrate';

/** Queues report generation and school report migrations. */
export interface ReportScheduler {
  generate(reportIds: number[]): Promise<void>;
  migrate(schoolId: number): Promise<void>;
}

/** Marks a school's migration as running; false when one is running already. */
export async function beginMigration(db: Db, schoolId: number, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('school_report_migrations')
    .values({ school_id: schoolId, status: 'migrating', started_at: now, finished_at: null, error: null })
    .onConflict((oc) =>
      oc
        .column('school_id')
        .doUpdateSet({ status: 'migrating', started_at: now, finished_at: null, error: null })
        .where('school_report_migrations.status', '<>', 'migrating'),
    )
    .returning('school_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The migration job: moves the school's corrected results into the reporting table and records the outcome (true: migrated). */
export async function runMigration(deps: Pick<ReportDeps, 'db' | 'now' | 'log'>, schoolId: number): Promise<boolean> {
  try {
    const results = await migrateSchoolResults(deps.db, schoolId, deps.now());
    await deps.db
      .updateTable('school_report_migrations')
      .set({ status: 'migrated', finished_at: deps.now(), results, error: null })
      .where('school_id', '=', schoolId)
      .execute();
    deps.log?.info({ school: schoolId, results }, 'school reports migrated');
    return true;
  } catch (error) {
    deps.log?.error({ err: error, school: schoolId }, 'school report migration failed');
    await deps.db
      .updateTable('school_report_migrations')
      .set({
        status: 'failed',
        finished_at: deps.now(),
        error: truncateText(String((error as Error).message ?? error), 2000),
      })
      .where('school_id', '=', schoolId)
      .execute();
    return false;
  }
}

/**
 * The report queues: each report is a job (two run at once per process, each rendering in the PDF
 * workers), each migration another. Jobs wait in the database through a restart. With the queue off
 * (most tests), nothing runs until a test calls `generateReport` or `runMigration` itself.
 */
export function defineReportJobs(app: FastifyInstance, deps: ReportDeps): ReportScheduler {
  app.jobs.define<{ report_id: number }>(
    REPORT_QUEUE,
    async ({ report_id }) => {
      await generateReport(deps, report_id);
    },
    { workers: 2 },
  );
  // The web report figures follow a school's migration (SPEC section 9).
  app.jobs.define<{ school_id: number }>(MIGRATION_QUEUE, async ({ school_id }) => {
    if (await runMigration(deps, school_id)) await queueRefreshAfterMigration(app);
  });
  return {
    async generate(reportIds) {
      for (const id of reportIds) await app.jobs.send(REPORT_QUEUE, { report_id: id });
    },
    async migrate(schoolId) {
      await app.jobs.send(MIGRATION_QUEUE, { school_id: schoolId });
    },
  };
}
