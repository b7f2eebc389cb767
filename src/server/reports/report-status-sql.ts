import { sql } from 'kysely';
import { REPORT_STATUS } from '../../common/reports/index';
import type { Db } from '../db/database';

export type GroupReportStatus = 'none' | 'pending' | 'generated' | 'failed';

/**
 * The reports of each school (or each grade of one school) taken together: pending while any is
 * queued or being made, failed when one failed, generated when all are made; none without reports.
 */
export async function groupReportStatuses(
  db: Db,
  level: 'school' | 'grade',
  schoolId?: number,
): Promise<Map<number, { status: GroupReportStatus; count: number }>> {
  const column = level === 'school' ? sql`r.school_id` : sql`r.grade_id`;
  const { rows } = await sql<{ id: number; pending: boolean; failed: boolean; count: number }>`
    select ${column} as id,
      bool_or(r.status in (${REPORT_STATUS.generate}, ${REPORT_STATUS.generating})) as pending,
      bool_or(r.status in (${REPORT_STATUS.failed_generating}, ${REPORT_STATUS.download_failed})) as failed,
      count(*)::int as count
    from reports r
    where ${column} is not null ${schoolId === undefined ? sql`` : sql`and r.school_id = ${schoolId}`}
    group by ${column}`.execute(db);
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { status: row.pending ? 'pending' : row.failed ? 'failed' : 'generated', count: Number(row.count) },
    ]),
  );
}

export interface MigrationState {
  status: 'none' | 'migrating' | 'migrated' | 'failed';
  started_at: Date | null;
  finished_at: Date | null;
  results: number;
}

/** Where each school's report migration stands. */
export async function migrationStates(db: Db, schoolIds: number[]): Promise<Map<number, MigrationState>> {
  if (schoolIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('school_report_migrations')
    .selectAll()
    .where('school_id', 'in', schoolIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.school_id,
      {
        status: row.status,
        started_at: new Date(row.started_at),
        finished_at: row.finished_at ? new Date(row.finished_at) : null,
        results: Number(row.results),
      },
    ]),
  );
}

export const NO_MIGRATION: MigrationState = { status: 'none', started_at: null, finished_at: null, results: 0 };
