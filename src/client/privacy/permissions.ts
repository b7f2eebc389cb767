import { AREAS, listPermissions } from '../../common/permission-catalog';
import { areaPermission, permissionFor } from '../../common/permissions';

/** What each personal-data action needs (any one of the list); the server checks the same. */
export const PRIVACY_ACCESS = {
  export: [areaPermission(AREAS.personalData, 'download')],
  erase: [permissionFor(AREAS.personalData, 'delete')],
  retention: listPermissions(AREAS.personalData),
} as const;
