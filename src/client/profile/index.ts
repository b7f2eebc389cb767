/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export { ACTION_ORDER, areaActions, areaName, groupPermissions, type Action } from './permissionAreas';
