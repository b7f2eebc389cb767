import { defineArea } from './vocabulary';

/** The web report dashboards (their figures are refreshed by a job; `generate` refreshes them now). */
const webReports = defineArea({
  name: 'web-reports',
  pages: {
    web_reports: { path: '/web-reports', view: 'web-reports/WebReportsPage', access: ['web-reports'], menu: 'reports' },
  },
});

export default webReports;
