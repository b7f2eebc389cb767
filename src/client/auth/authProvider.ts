import type { AuthProvider } from 'react-admin';
import { hasAnyPermission, PLATFORMS_VIEW } from '../../common/permissions';
import { homePath, isStudentHome } from './access';
import type { ConsoleIdentity } from './identity';
import {
  clearSession,
  forgetStoredUser,
  permissionsOf,
  readStoredUser,
  signedInElsewhere,
  signedInHint,
  storeUser,
  type User,
} from './user';
import { MFA_ENROLMENT_PATH, MfaChallenge, mfaEnrolmentDue, type LoginParams } from './mfa';
import { statusOf } from '../providers/errors';
import { http } from '../providers/http';

const APP_DENIED = 'errors.app_denied';
/** How soon after such a check the sign-out react-admin makes of it must come to keep the session. */
const KEPT_SIGN_OUT_MS = 2000;
/** The message of a check that could not reach the server while it holds a redirect sign-in's session. */
export const SIGN_IN_KEPT = 'errors.sign_in_kept';

/** A check that could not reach the server while it holds a redirect sign-in's session for this browser. */
class SignInKept extends Error {
  constructor() {
    super(SIGN_IN_KEPT);
  }
}

/**
 * Ends the session on the server. A session opened through single sign-on answers where the
 * provider's own sign-out is (issue 46): returned, for the browser to go there next.
 */
async function postLogout(): Promise<string | null> {
  try {
    const response = await http<{ data?: { logout_url?: string } } | null>('/logout', { method: 'POST' });
    return response.json?.data?.logout_url ?? null;
  } catch {
    // Already signed out or offline: the local session is cleared either way.
    return null;
  }
}

/**
 * Every authenticated route needs PLATFORMS_VIEW (SPEC section 6). A user without it is
 * signed out on the server too, so a stale cookie cannot be reused.
 */
async function ensureAppAccess(user: User): Promise<void> {
  if (hasAnyPermission(permissionsOf(user), [PLATFORMS_VIEW])) return;
  await postLogout();
  clearSession();
  throw new Error(APP_DENIED);
}

/**
 * One instance per page load. The first `checkAuth` asks the server who is signed in so
 * permission changes and expired sessions are noticed on reload; later checks use the
 * stored user and rely on `checkError` to catch a session lost in between.
 */
export interface AuthProviderOptions {
  /**
   * What a student's sign-out forgets on this computer (the student area's acknowledged work: the
   * composition root passes it, so that auth imports no feature).
   */
  onStudentSignOut?: () => Promise<void>;
}

export function createAuthProvider({ onStudentSignOut }: AuthProviderOptions = {}): AuthProvider {
  let verified: Promise<User> | null = null;
  /** When a check last failed on the way to the server, not on the session: the sign-out react-admin makes of it keeps the session. */
  let unreachableAt = 0;

  async function fetchUser(signal?: AbortSignal): Promise<User> {
    const { json } = await http<{ data: User }>('/user', { signal });
    storeUser(json.data);
    return json.data;
  }

  async function currentUser(signal?: AbortSignal): Promise<User> {
    // Signing in stores the user (SPEC section 4): without one (nor the server's hint of a sign-in
    // that ended in a redirect: single sign-on, an LTI launch) this browser is signed out, and a
    // visitor's public pages need no request (nor a 401 in the console) to know it.
    if (!verified && !readStoredUser() && !signedInElsewhere()) throw new Error('ra.auth.auth_check_error');
    verified ??= fetchUser(signal).catch((error: unknown) => {
      verified = null;
      throw error;
    });
    try {
      return await verified;
    } catch (error) {
      const stored = readStoredUser();
      const lost = statusOf(error) === 401 || statusOf(error) === 403;
      // A server or network failure is not a lost session: keep working with what we know (unless
      // the server has since signed someone else in on this browser).
      if (stored && !signedInElsewhere() && !lost) return stored;
      if (!lost && signedInHint() !== null) {
        // The server signed someone in here (a redirect sign-in) and cannot say who just now: react-admin
        // signs out on any failed check, and that sign-out must not end the server's session.
        throw new SignInKept();
      }
      clearSession();
      throw new Error('ra.auth.auth_check_error');
    }
  }

  return {
    /**
     * A password (`email`, `password`), or the second step's `challenge` and `code`. A password whose
     * account has a second factor rejects with `MfaChallenge`: the page asks for the code. `redirectTo`
     * is where the login page was asked to return; else the user's home (or the profile, to set up a
     * second factor a role requires).
     */
    async login(params: LoginParams) {
      unreachableAt = 0;
      const { json } =
        'challenge' in params
          ? await http<{ data: User }>('/login/mfa', {
              method: 'POST',
              body: { challenge: params.challenge, code: params.code },
            })
          : await http<{ data: User | { mfa_required: true; challenge: string } }>('/login', {
              method: 'POST',
              body: { email: params.email, password: params.password },
            });
      if ('mfa_required' in json.data) throw new MfaChallenge(json.data.challenge);
      const user = json.data;
      await ensureAppAccess(user);
      storeUser(user);
      verified = Promise.resolve(user);
      if (mfaEnrolmentDue(user)) return { redirectTo: MFA_ENROLMENT_PATH };
      return { redirectTo: params.redirectTo ?? homePath(permissionsOf(user)) };
    },

    async logout() {
      verified = null;
      if (unreachableAt > 0 && performance.now() - unreachableAt < KEPT_SIGN_OUT_MS) {
        // Only this page forgets: the server's session, its hint and a student's kept answers stay.
        unreachableAt = 0;
        forgetStoredUser();
        return '/login';
      }
      const user = readStoredUser();
      const providerLogout = await postLogout();
      // A shared school computer keeps nothing of a student's that the server holds (issue 23).
      if (user && onStudentSignOut && isStudentHome(permissionsOf(user)))
        await onStudentSignOut().catch(() => undefined);
      clearSession();
      if (providerLogout) {
        // The provider signs the browser out too, then sends it back to the sign-in page.
        window.location.assign(providerLogout);
        return false;
      }
      return '/login';
    },

    async checkAuth(params?: { signal?: AbortSignal }) {
      unreachableAt = 0;
      let user: User;
      try {
        user = await currentUser(params?.signal);
      } catch (error) {
        // react-admin signs out on a failed check: this one is told to keep the session.
        unreachableAt = error instanceof SignInKept ? performance.now() : 0;
        throw error;
      }
      try {
        await ensureAppAccess(user);
      } catch (error) {
        verified = null;
        throw error;
      }
    },

    async checkError(error: unknown) {
      const status = statusOf(error);
      // Only a lost session signs out. A 403 is a refusal of one call to a signed-in user: the
      // screen that made it says so, and the user stays signed in.
      if (status === 401) throw new Error('ra.notification.logged_out');
    },

    async getPermissions() {
      // A sign-in that ended in a redirect has no stored user until the server has answered.
      if (signedInElsewhere()) await currentUser().catch(() => null);
      return permissionsOf(readStoredUser());
    },

    async getIdentity(): Promise<ConsoleIdentity> {
      if (signedInElsewhere()) await currentUser().catch(() => null);
      let user = readStoredUser();
      // A student's name is not kept for the browser (user.ts): a new tab has it from the server.
      if (user && !user.name && verified) user = (await verified.catch(() => null)) ?? user;
      if (!user) throw new Error('ra.auth.auth_check_error');
      return { id: user.id, fullName: user.name, email: user.email ?? user.username ?? '', roles: user.roles };
    },
  };
}
