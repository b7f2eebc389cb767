import type { User } from './user';

/** What the login page passes to `login`: a password, or the second step's challenge and code. */
export type LoginParams =
  { email: string; password: string; redirectTo?: string } | { challenge: string; code: string; redirectTo?: string };

/** A right password of an account with a second factor: the code is asked for next, with this challenge. */
export class MfaChallenge extends Error {
  constructor(readonly challenge: string) {
    super('mfa_required');
    this.name = 'MfaChallenge';
  }
}

/** Where a user whose role requires a second factor sets one up (the server answers nothing else until then). */
export const MFA_ENROLMENT_PATH = '/profile';

/** Signed in with a password alone while a role requires a second factor. */
export const mfaEnrolmentDue = (user: User | null): boolean => Boolean(user?.mfa?.required && !user.mfa.enabled);
