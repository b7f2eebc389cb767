/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export * from './users-service';
export { linkedSignIns } from './linked-sign-ins';
