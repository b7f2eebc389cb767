/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export { privacyRoutes } from './privacy-routes';
export { defineRetentionJob, RETENTION_QUEUE } from './retention-job';
export { applyRetention, planRetention, type RetentionSettings } from './retention';
export { eraseStudent, scrubAnswer, pseudonymOf } from './erase-student';
export { studentFootprint } from './student-footprint';
