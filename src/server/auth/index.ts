/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export * from './current-user';
export * from './passwords';
export * from './password-policy';
export * from './sessions';
export type { SessionCache } from './session-cache';
export * from './school-scope';
export { holdsPermission } from './held-permissions';
export { endBrowserSession, startSession } from './session-start';
