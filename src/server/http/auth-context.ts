/** Who is calling: loaded once per request from the session cookie. */
export interface AuthContext {
  sessionHash: string;
  user: { id: number; name: string; email: string | null; username?: string | null };
  roles: { name: string; name_ar: string; role: string }[];
  permissions: Set<string>;
  /**
   * The account's second factor (issue 46): whether it has one, and whether one of its roles must
   * (MFA_REQUIRED_ROLES). Required and not enabled: only enrolment's routes answer.
   */
  mfa: { enabled: boolean; required: boolean };
  /** The single sign-on provider the session was opened through, if any (issue 46). */
  ssoProviderId?: number | null;
}

/** Signed in with a password alone while a role requires a second factor: only enrolment's routes answer. */
export const mfaEnrolmentDue = (auth: AuthContext): boolean => auth.mfa.required && !auth.mfa.enabled;
