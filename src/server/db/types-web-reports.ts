import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One refresh of the web report aggregates (the aggregate tables themselves are read with SQL). */
export interface WebReportRefreshesTable {
  id: Generated<number>;
  status: 'running' | 'done' | 'failed';
  reason: 'schedule' | 'migration' | 'admin';
  started_at: Timestamp;
  finished_at: Timestamp | null;
  row_count: Generated<number>;
  error: string | null;
}

export interface WebReportTables {
  web_report_refreshes: WebReportRefreshesTable;
}
