/** What the rest of the code base may use from rostering (lint refuses imports of its other files). */
export { rosterRoutes } from './roster-routes';
export { studentsRoutes } from './students-routes';
export { runRosterImport } from './roster-imports';
export { createStudentAccounts, resetStudentPassword, usernameOf } from './student-accounts';
export { decodeText } from './text-encoding';
