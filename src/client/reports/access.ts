import { AREAS, listPermissions } from '../../common/permission-catalog';
import { REPORT_ACCESS } from '../../common/reports';

/** Who may do what with schools and reports (SPEC sections 2 and 6); the routes, the buttons and the API agree. */
export const REPORT_PERMISSIONS = {
  schools: listPermissions(AREAS.schools),
  /** The students list's class filter reads the school-classes resource (school staff hold it for their schools). */
  classes: listPermissions('school-classes'),
  ...REPORT_ACCESS,
} as const;
