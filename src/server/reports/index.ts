/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export {
  GROUP_REPORT_STATUS_ENTRIES,
  groupReportStatusEntry,
  migrationStatusEntry,
  reportStatusEntry,
  reportTypeEntry,
} from './report-names';
export { groupReportStatuses, migrationStates, NO_MIGRATION, type MigrationState } from './report-status-sql';
export { reportsRoutes } from './reports-routes';
export { generateReport, type PdfRenderer, type ReportDeps } from './report-generate';
export { beginMigration, REPORT_QUEUE, runMigration } from './report-jobs';
export { migrateSchoolResults } from './report-migration';
export { ReportFiles } from './report-files';
