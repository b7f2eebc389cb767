/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export { examDayRoutes, RELEASE_SWEEP_QUEUE } from './exam-day-routes';
export { anonymityLiftRoutes } from './anonymity-lift';
export { releaseClosedAssignments } from './releases';
export { ONLINE_SECONDS } from './monitor';
