import { AREAS } from '../../common/permission-catalog';
import { areaPermission, permissionFor } from '../../common/permissions';

/** What each roster action needs (any one of the list); the server checks the same. */
export const ROSTER_ACCESS = {
  import: [permissionFor(AREAS.rosters, 'create')],
  download: [areaPermission(AREAS.rosters, 'download')],
  resetPassword: [permissionFor('students', 'edit')],
} as const;
