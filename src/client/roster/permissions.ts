import { AREAS } from '../../common/permission-catalog';
import { areaPermission, permissionFor } from '../../common/permissions';

/** What each roster action needs (any one of the list); the server checks the same. */
export const ROSTER_ACCESS = {
  import: [permissionFor(AREAS.rosters, 'create')],
  download: [areaPermission(AREAS.rosters, 'download')],
  resetPassword: [permissionFor('students', 'edit'), permissionFor(AREAS.rosters, 'edit')],
  /** The academic year's rollover moves the reader's students (the server asks the same). */
  rollover: [permissionFor(AREAS.rosters, 'edit')],
  /** Printing a class's cards issues passwords, as a reset does. */
  loginCards: [permissionFor('students', 'edit'), permissionFor(AREAS.rosters, 'edit')],
} as const;
