import reports from '../../../schemas/reports';
import { listPermissions } from '../permission-catalog';
import { areaPermission, permissionFor } from '../permissions';

const { area } = reports.access;

/** What each action on reports needs, from the reports' declaration: the routes and the console agree. */
export const REPORT_ACCESS = {
  view: listPermissions(area),
  generate: [permissionFor(area, 'generate')],
  download: [areaPermission(area, 'download')],
} as const;
