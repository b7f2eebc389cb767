/**
 * What the rest of the console may use from the student area: its paths and permissions, and two
 * small pure helpers the correction screen shares (the right answer in an answer's shape, clocks).
 * The screens load lazily (Console.tsx imports StudentRoutes on first visit), so staff never download them.
 */
import { forgetStudentWork } from './sync/localWork';

export * from './paths';
export { keyAnswer } from '../../common/questions/key-answer';
export { formatClock } from './format';

/**
 * At any sign-out of a student: forgets the work this computer holds that the server has
 * acknowledged, their flags and the service worker's copies of their reads (sync/localWork.ts).
 * What the server has not taken stays, to be sent at their next sign-in. Loaded with the page, not
 * lazily: a sign-out may happen offline, when no further file can be fetched.
 */
export const forgetAcknowledgedWork = (): Promise<void> => forgetStudentWork({ unsent: false });

/**
 * A student's sign-out from a header (UserMenu's guard): warns about work not sent yet, then
 * forgets everything of theirs on this computer.
 */
export { signOutGuard as studentSignOut } from './signOut';
