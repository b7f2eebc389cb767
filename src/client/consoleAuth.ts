import { createAuthProvider } from './auth';
import { forgetAcknowledgedWork } from './student';

/**
 * The console's auth provider, composed here so that the auth layer imports no feature: a
 * student's sign-out forgets the work this computer holds that the server has acknowledged
 * (shared school computers, issue 23).
 */
export const consoleAuthProvider = () => createAuthProvider({ onStudentSignOut: forgetAcknowledgedWork });
