import { AREAS } from '../../src/common/permission-catalog';
import { areaPermission, permissionFor, ROLES } from '../../src/common/permissions';
import { makeUser } from './support/fixtures';

/** Every permission of an area: view, create, edit and delete. */
export const manage = (area: string) => [
  areaPermission(area, 'view'),
  permissionFor(area, 'create'),
  permissionFor(area, 'edit'),
  permissionFor(area, 'delete'),
];
export const schoolStaff = { name: 'School staff', role: ROLES.school };
/** School staff who manage the roster and download its files. */
export const rosterStaff = () =>
  makeUser([...manage(AREAS.rosters), areaPermission(AREAS.rosters, 'download')], { roles: [schoolStaff] });
