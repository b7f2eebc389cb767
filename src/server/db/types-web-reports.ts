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

/** Results on a reporting scale per grain (issue 42), written by the refresh in code. */
export interface WebReportScaleFiguresTable {
  platform_id: number;
  academic_year_id: number | null;
  round_id: number;
  school_id: number;
  grade_id: number;
  scale_id: number;
  measured: number;
  ability_sum: number;
  leveled: number;
  below: number;
  approaching: number;
  meeting: number;
  exceeding: number;
}

export interface WebReportTables {
  web_report_refreshes: WebReportRefreshesTable;
  web_report_scale_figures: WebReportScaleFiguresTable;
}
