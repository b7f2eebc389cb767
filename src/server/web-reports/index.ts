export { webReportsRoutes } from './web-reports-routes';
export { refreshWebReports, lastRefreshedAt } from './web-report-refresh';
export { queueRefreshAfterMigration, REFRESH_QUEUE } from './web-report-jobs';
