/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export { schoolsRoutes } from './schools-routes';
export { DRILL_DOWN_PATHS } from './breadcrumbs';
